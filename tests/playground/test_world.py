"""The playground's folder: its own, never a folder with a database it did not make."""

from __future__ import annotations

import pytest

from playground.world import MARKER, DataDirError, Playground


def test_a_folder_with_someone_elses_database_is_refused(tmp_path):
    (tmp_path / "games.db").write_bytes(b"a host's matches")
    with pytest.raises(DataDirError, match="did not make"):
        Playground(data_dir=tmp_path).claim_data_dir()
    assert (tmp_path / "games.db").read_bytes() == b"a host's matches"


def test_its_own_folder_is_made_and_marked(tmp_path):
    folder = tmp_path / "pg"
    Playground(data_dir=folder).claim_data_dir()
    assert (folder / MARKER).exists()
    (folder / "games.db").write_bytes(b"last run's")
    Playground(data_dir=folder).claim_data_dir()  # its own database: taken again
