"""`python -m playground` (what `make playground` runs) as a host runs it: it
prints its address on 127.0.0.1, serves the page, and Ctrl-C (SIGINT to the
terminal's whole process group, the bot included) stops everything cleanly."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import urllib.request

from playground.world import ROOT


def test_ctrl_c_stops_the_page_and_the_bot_without_a_traceback(tmp_path):
    proc = subprocess.Popen(
        [sys.executable, "-m", "playground", "--port", "0", "--data", str(tmp_path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # its own process group, as a terminal gives it
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdout is not None
    try:
        lines = []
        for line in proc.stdout:
            lines.append(line)
            found = re.search(r"Playground: (http://127\.0\.0\.1:\d+/)", line)
            if found:
                break
        else:
            raise AssertionError("".join(lines))
        with urllib.request.urlopen(found.group(1), timeout=5) as page:
            assert b"<title>" in page.read()
        os.killpg(proc.pid, signal.SIGINT)
        rest, _ = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    output = "".join(lines) + rest
    assert proc.returncode == 0, output
    assert "Traceback" not in output and "Stopping..." in output
    log = (tmp_path / "bot.log").read_text()
    assert "Traceback" not in log and log.rstrip().endswith("stopped"), log[-2000:]
    for _ in range(50):  # the process group is empty once the bot is gone too
        try:
            os.killpg(proc.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        raise AssertionError("a process of the playground is still running")
