import pytest

from cogs.hosting import describe_duration, parse_duration


@pytest.mark.parametrize("text,seconds", [("90m", 5400), ("12h", 43200), ("2d", 172800),
                                          ("1d 6h", 108000), ("never", None), ("off", None),
                                          ("3 days", 259200)])
def test_durations(text, seconds):
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["soon", "12", "5s", "0m", "90d", "2h and", "-1h"])
def test_bad_durations_are_refused_with_a_reason(text):
    with pytest.raises(ValueError):
        parse_duration(text)


def test_describe_duration():
    assert describe_duration(None) == "never"
    assert describe_duration(108000) == "1d 6h"
    assert describe_duration(5400) == "1h 30m"
