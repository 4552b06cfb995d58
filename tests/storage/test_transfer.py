"""`python -m storage.transfer` refuses an SQLite file that is no usable
database (not SQLite, another program's, from a newer bot, cut short,
damaged) in one line, as the bot does, and writes nothing (issue 27).
Neither end needs a PostgreSQL server: a source is read before the target
is reached, and a target file is refused before anything is written."""

from __future__ import annotations

import asyncio
import hashlib
from pathlib import Path

import pytest
from unusable_files import UNUSABLE, filled_database

from storage.transfer import SqliteEnd, TransferError, main

#: a PostgreSQL end nobody listens at: reaching it would be refused otherwise
NOWHERE = "postgresql://nobody@127.0.0.1:1/none"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("kind", sorted(UNUSABLE))
async def test_an_unusable_source_file_is_refused_in_one_line(kind, tmp_path, capsys):
    make, words = UNUSABLE[kind]
    source = tmp_path / "source.db"
    await make(source)
    before = digest(source)
    assert await asyncio.to_thread(main, [str(source), NOWHERE]) == 1  # main runs its own loop
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith(f"copy refused, nothing written: {source}: ") and words in err, err
    assert digest(source) == before


@pytest.mark.parametrize("kind", sorted(set(UNUSABLE) - {"newer schema"}))
async def test_an_unusable_target_file_is_refused_and_left_as_it_was(kind, tmp_path):
    """(A newer bot's file holds data: refused as a target that is not empty.)"""
    good, target = tmp_path / "good.db", tmp_path / "target.db"
    await filled_database(good, matches=3)
    snap, columns = SqliteEnd(good).read()
    make, words = UNUSABLE[kind]
    await make(target)
    before = digest(target)
    with pytest.raises(TransferError) as refused:
        SqliteEnd(target).write(snap, columns)
    assert str(refused.value).startswith(f"{target}: ") and words in str(refused.value)
    assert "\n" not in str(refused.value)
    wal = target.with_name(target.name + "-wal")  # SQLite may open one to read: left empty
    assert digest(target) == before and (not wal.exists() or wal.stat().st_size == 0)


async def test_a_usable_file_is_still_read_whole(tmp_path):
    source = tmp_path / "source.db"
    await filled_database(source, matches=5)
    snap, _ = SqliteEnd(source).read()
    assert len(snap.rows["matches"]) == 5
