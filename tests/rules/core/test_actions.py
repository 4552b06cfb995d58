import pytest

from rules import Action, UnknownAction


@pytest.mark.parametrize("key", ["done", "draw:deck", "play:y10:y", "stone:x5:p5", "bid:xv"])
def test_keys_parse_back_to_the_same_action(key):
    action = Action.parse(key)
    assert action.key() == key and Action.parse(action.key()) == action


@pytest.mark.parametrize(
    "key", ["", "Play:y5", "play:", "play::y", "a b", "x" * 61, "é", None, 5, "play:y5;drop"]
)
def test_malformed_keys_are_unknown_actions(key):
    with pytest.raises(UnknownAction):
        Action.parse(key)


def test_action_of_stringifies_arguments():
    assert Action.of("play", "y", 7).key() == "play:y:7"
