"""Running `python -m storage.transfer` as its users do, in a process of its
own, for the refusal tests (a plain module with a name no other test folder
uses)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PREFIX = "copy refused, nothing written: "


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str

    def refused(self, *words: str) -> str:
        """Assert a refusal in one line, no traceback, naming `words`; its line."""
        assert self.code == 1 and self.out == "", self
        assert self.err.count("\n") == 1 and self.err.endswith("\n"), self.err
        assert "Traceback" not in self.err and self.err.startswith(PREFIX), self.err
        for word in words:
            assert word in self.err, (word, self.err)
        return self.err.rstrip("\n")


async def transfer_cli(*args: str) -> Run:
    """`python -m storage.transfer ARGS` (a copy's own run, own event loop)."""
    done = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "storage.transfer", *args],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    return Run(done.returncode, done.stdout, done.stderr)
