"""Reading `/game new`'s options text: short, clear refusals."""
import pytest

from cogs.games import MAX_OPTIONS_TEXT, parse_options


@pytest.mark.parametrize("text,reason", [
    ("first_player=0,first_player=1", "'first_player' is given twice"),
    ("side=B side=A", "'side' is given twice"),
    ("x" * 150, "is not of the form name=value"),
    ("side=" + "B" * 6000, f"longer than {MAX_OPTIONS_TEXT} characters"),
])
def test_bad_options_are_refused_with_a_short_reason(text, reason):
    with pytest.raises(ValueError, match=reason) as refused:
        parse_options(text)
    assert len(str(refused.value)) < 100


def test_long_but_fine_options_still_parse():
    text = " ".join(f"o{i}=yes" for i in range(20))
    assert len(text) < MAX_OPTIONS_TEXT and len(parse_options(text)) == 20
