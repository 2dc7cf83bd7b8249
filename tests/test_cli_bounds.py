"""Command-line values are bounded, and a bad one is refused in one line that quotes it shortly, exit status 2."""

from __future__ import annotations

import pytest

from paint import cli
from paint.cli import check as check_command

DANCER = "puzzles/dancer.pro"


def refused(capsys, *args) -> str:
    """Run ``paint ARGS`` in this process, check it exits 2 with one line on standard error, and return that line."""
    assert cli.main([*map(str, args)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    return err


class TestPositive:
    """The type of --jobs, --max-branches and --max-time says what is wrong with the value."""

    @pytest.mark.parametrize("args, message", [
        (["solve", DANCER, "--max-branches", "1.5"], "argument --max-branches: not a whole number: '1.5'"),
        (["check", DANCER, "--jobs", "2.0"], "argument --jobs: not a whole number: '2.0'"),
        (["check", DANCER, "--jobs", "two"], "argument --jobs: not a number: 'two'"),
        (["solve", DANCER, "--max-time", "soon"], "argument --max-time: not a number: 'soon'"),
        (["solve", DANCER, "--max-time", "0"], "argument --max-time: must be more than 0, not '0'"),
    ])
    def test_messages(self, capsys, args, message):
        """A number that is not whole is called that, not 'not a number'; anything else is not a number."""
        assert refused(capsys, *args) == f"paint: {message} (see 'paint {args[0]} --help')\n"

    def test_long_value_is_shortened(self, capsys):
        """A value of 5,000 digits is called far too large and quoted by its first 40 characters and its length."""
        err = refused(capsys, "check", DANCER, "--jobs", "7" * 5000)
        assert err == f"paint: argument --jobs: far too large: '{'7' * 40}'... (5,000 characters) (see 'paint check --help')\n"


class TestJobs:
    """``paint check --jobs`` takes at most the larger of 64 and 4 x the cores."""

    def test_bound(self, monkeypatch):
        """The bound is 64 on a machine of up to 16 cores, and 4 x the cores beyond."""
        monkeypatch.setattr(check_command, "_cores", lambda: 2)
        assert check_command.max_jobs() == 64
        monkeypatch.setattr(check_command, "_cores", lambda: 40)
        assert check_command.max_jobs() == 160

    def test_more_is_refused(self, capsys):
        """One more than the bound is refused in one line saying the bound, exit 2, before any puzzle is read."""
        bound = check_command.max_jobs()
        err = refused(capsys, "check", "no-such-folder", "--jobs", bound + 1)
        assert err == (f"paint: argument --jobs: at most {bound} (the larger of 64 and 4 x the "
                       f"{check_command._cores()} cores), not {bound + 1} (see 'paint check --help')\n")
        err = refused(capsys, "check", "no-such-folder", "--jobs", 10 ** 30)
        assert err.startswith(f"paint: argument --jobs: at most {bound} ")

    def test_bound_is_taken(self, capsys):
        """--jobs at the bound is accepted (one puzzle starts no more than one worker)."""
        assert cli.main(["check", DANCER, "--jobs", str(check_command.max_jobs())]) == 0
        assert "dancer.pro" in capsys.readouterr().out

    def test_help_states_the_bound(self, capsys):
        """check --help says the bound and why."""
        with pytest.raises(SystemExit):
            cli.build_parser().parse_args(["check", "--help"])
        out = " ".join(capsys.readouterr().out.split())
        assert f"at most {check_command.max_jobs()}, the larger of 64 and 4 x the cores" in out
