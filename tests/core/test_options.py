"""Options are typed and validated; errors name the valid choices (issue 2 §2)."""

import pytest

import solotable
import tests.toy_game  # noqa: F401  (registers toy-race)
from solotable.core.errors import OptionError
from solotable.core.options import parse_assignments


def test_defaults_and_overrides():
    g = solotable.load_game("toy-race", target=5)
    assert g.options == {"target": 5, "doubling": True, "mode": "normal", "skipping": False}


def test_text_values_are_coerced_like_cli_input():
    g = solotable.load_game("toy-race", **parse_assignments(["target=4", "doubling=no"]))
    assert g.options["target"] == 4 and g.options["doubling"] is False


def test_unknown_option_names_the_valid_ones():
    with pytest.raises(
        OptionError, match=r"unknown option 'speed'.*doubling, mode, skipping, target"
    ):
        solotable.load_game("toy-race", speed=3)


@pytest.mark.parametrize(
    ("key", "value", "expect"),
    [
        ("target", 0, "a whole number from 1 to 100"),
        ("target", "lots", "whole number"),
        ("target", True, "whole number"),
        ("doubling", "maybe", "true or false"),
        ("mode", "slow", "'normal', 'fast'"),
    ],
)
def test_bad_values_say_what_is_valid(key, value, expect):
    with pytest.raises(OptionError, match=expect):
        solotable.load_game("toy-race", **{key: value})


def test_presets_apply_and_unknown_preset_is_reported():
    assert solotable.load_game("toy-race", preset="short").options["target"] == 3
    assert solotable.load_game("toy-race", preset="short", target=9).options["target"] == 9
    with pytest.raises(OptionError, match="valid presets: short"):
        solotable.load_game("toy-race", preset="long")


def test_malformed_assignment():
    with pytest.raises(OptionError, match="key=value"):
        parse_assignments(["target"])
