"""`make run` without a token points a host at `make playground` (issue 33)."""

from __future__ import annotations

import pytest

from cogs.config import Config, ConfigError


def test_the_missing_token_message_names_the_playground():
    with pytest.raises(ConfigError) as refused:
        Config.from_env({})
    assert "make playground" in str(refused.value)
    assert "developers/applications" in str(refused.value)  # how to get a token, still
