"""Reading puzzles without hanging and writing output without destroying anything: every kind of file, in and out."""

from __future__ import annotations

import errno
import os
import pty
import re
import shlex
import shutil
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from paint import cli, files
from paint.errors import PaintError, PuzzleFormatError
from test_cli import ROOT, TINY, run

DANCER = ROOT / "puzzles" / "dancer.pro"
ROOT_ONLY = pytest.mark.skipif(os.geteuid() != 0, reason="making device nodes and giving files away needs root")


def reader_of(fifo: Path, into: list) -> threading.Thread:
    """A thread that opens ``fifo`` for reading and appends all it reads to ``into``."""
    def read():
        with open(fifo, "rb") as stream:
            into.append(stream.read())
    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    return thread


class TestOutputKinds:
    """-o, --svg and --html write to what the user named and never replace the file-system entry itself."""

    def test_regular_file_replaced_keeping_its_mode(self, tmp_path):
        """A regular file is replaced by the new text and keeps its permission bits."""
        out = tmp_path / "out.txt"
        out.write_text("old\n")
        out.chmod(0o640)
        assert cli.main(["solve", str(TINY), "-o", str(out), "--no-grids"]) == 0
        assert "solved" in out.read_text() and stat.S_IMODE(out.stat().st_mode) == 0o640
        assert [path.name for path in tmp_path.iterdir()] == ["out.txt"]  # no temporary file left

    @ROOT_ONLY
    def test_regular_file_keeps_its_owner(self, tmp_path):
        """A file that belongs to someone else still does after it is replaced (when the process may say so)."""
        out = tmp_path / "theirs.txt"
        out.write_text("old\n")
        os.chown(out, 1234, 5678)
        assert cli.main(["solve", str(TINY), "-o", str(out)]) == 0
        assert (out.stat().st_uid, out.stat().st_gid) == (1234, 5678)

    def test_symlink_followed(self, tmp_path):
        """A link to a file stays a link; its target gets the text, and nothing else is touched."""
        target, link = tmp_path / "target.txt", tmp_path / "link.txt"
        target.write_text("old\n")
        link.symlink_to(target.name)
        assert cli.main(["solve", str(TINY), "-o", str(link), "--no-grids"]) == 0
        assert link.is_symlink() and os.readlink(link) == "target.txt"
        assert "solved" in target.read_text()
        assert sorted(path.name for path in tmp_path.iterdir()) == ["link.txt", "target.txt"]

    def test_dangling_symlink_creates_its_target(self, tmp_path):
        """A link to a file that does not exist yet creates that file and stays a link."""
        link = tmp_path / "link.txt"
        link.symlink_to("new.txt")
        assert cli.main(["solve", str(TINY), "-o", str(link), "--json"]) == 0
        assert link.is_symlink() and (tmp_path / "new.txt").read_text().startswith("{")

    def test_symlink_to_standard_output(self, tmp_path):
        """A link to /proc/self/fd/1 writes to the command's standard output, and stays a link."""
        link = tmp_path / "s"
        link.symlink_to("/proc/self/fd/1")
        finished = run("solve", TINY, "-o", link, "--no-grids")
        assert finished.returncode == 0 and "solved" in finished.stdout
        assert link.is_symlink()

    def test_dev_stdout(self):
        """-o /dev/stdout (a pipe here) is written to directly, after what was printed before."""
        finished = run("solve", TINY, "-o", "/dev/stdout", "--json")
        assert finished.returncode == 0 and finished.stdout.lstrip().startswith("{")

    def test_fifo_written_directly(self, tmp_path):
        """A named pipe gets the text through it and stays a pipe."""
        fifo = tmp_path / "f"
        os.mkfifo(fifo)
        got: list = []
        thread = reader_of(fifo, got)
        assert cli.main(["solve", str(TINY), "-o", str(fifo), "--no-grids"]) == 0
        thread.join(10)
        assert b"solved" in got[0] and stat.S_ISFIFO(fifo.stat().st_mode)

    def test_fifo_without_reader(self, tmp_path, monkeypatch, capsys):
        """A named pipe nobody reads is given up after a short wait, with one line, exit 2, and stays a pipe."""
        monkeypatch.setattr(files, "WRITER_WAIT", 0.3)
        fifo = tmp_path / "f"
        os.mkfifo(fifo)
        started = time.perf_counter()
        assert cli.main(["solve", str(TINY), "-o", str(fifo)]) == 2
        assert time.perf_counter() - started < 5
        assert "nothing reads from this named pipe" in capsys.readouterr().err
        assert stat.S_ISFIFO(fifo.stat().st_mode)

    @ROOT_ONLY
    def test_character_device(self, tmp_path):
        """A character device (a second /dev/null made in the test folder) is written to and stays a device."""
        node = tmp_path / "null"
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        for option in ("-o", "--svg", "--html"):
            assert cli.main(["solve", str(TINY), option, str(node), "--no-grids"]) == 0
            assert stat.S_ISCHR(node.stat().st_mode)

    def test_real_dev_null(self):
        """paint solve -o /dev/null in a real process leaves /dev/null a character device."""
        assert run("solve", DANCER, "-o", "/dev/null").returncode == 0
        assert stat.S_ISCHR(os.stat("/dev/null").st_mode)

    def test_every_writer(self, tmp_path):
        """convert and check -o write through links the same way."""
        target, link = tmp_path / "t.non", tmp_path / "l.non"
        target.write_text("old\n")
        link.symlink_to(target.name)
        assert cli.main(["convert", str(DANCER), str(link)]) == 0
        assert link.is_symlink() and "Dancer" in target.read_text()
        report, report_link = tmp_path / "r.txt", tmp_path / "rl.txt"
        report.write_text("")
        report_link.symlink_to(report.name)
        assert cli.main(["check", str(DANCER), "-o", str(report_link)]) == 0
        assert report_link.is_symlink() and "ok" in report.read_text()

    def test_directory_refused(self, tmp_path, capsys):
        """A directory is refused before the solve, in one line, exit 2."""
        assert cli.main(["solve", str(TINY), "-o", str(tmp_path)]) == 2
        assert capsys.readouterr().err.strip() == f"paint: cannot write {tmp_path}: it is a directory"

    def test_missing_folder_refused(self, tmp_path, capsys):
        """A file in a folder that does not exist is refused before the solve."""
        assert cli.main(["solve", str(TINY), "-o", str(tmp_path / "no" / "x.txt")]) == 2
        assert "there is no folder" in capsys.readouterr().err

    def test_input_protected_through_links(self, tmp_path, capsys):
        """Writing onto the puzzle through a link to it is refused, and the puzzle is left as it was."""
        puzzle = tmp_path / "tiny.non"
        puzzle.write_bytes(TINY.read_bytes())
        link = tmp_path / "alias.txt"
        link.symlink_to(puzzle.name)
        for option in ("-o", "--svg", "--html"):
            assert cli.main(["solve", str(puzzle), option, str(link)]) == 2
            assert "refusing to write onto the input file" in capsys.readouterr().err
        assert puzzle.read_bytes() == TINY.read_bytes() and link.is_symlink()

    def test_failed_write_keeps_the_old_file(self, tmp_path):
        """An exception while the text is written leaves the old file whole and no temporary file."""
        out = tmp_path / "out.txt"
        out.write_text("old\n")
        with pytest.raises(RuntimeError):
            with files.output_file(out) as stream:
                stream.write("half")
                raise RuntimeError("stop")
        assert out.read_text() == "old\n" and [path.name for path in tmp_path.iterdir()] == ["out.txt"]


class TestInputKinds:
    """Puzzles come from regular files, pipes the user meant, or standard input; nothing else, and never a hang."""

    @pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
    def test_devices_refused_at_once(self, device, capsys):
        """A character device is refused before anything is read: one line, exit 2."""
        started = time.perf_counter()
        assert cli.main(["solve", device]) == 2
        assert time.perf_counter() - started < 1
        err = capsys.readouterr().err
        assert err == f"paint: {device}: a character device (like /dev/zero or /dev/null), not a puzzle file\n"

    @pytest.mark.parametrize("command", [["solve"], ["convert"], ["check"]])
    def test_fifo_without_writer(self, command, tmp_path, monkeypatch, capsys):
        """A named pipe nothing writes to is given up after a short wait, for every command."""
        monkeypatch.setattr(files, "WRITER_WAIT", 0.3)
        fifo = tmp_path / "p.non"
        os.mkfifo(fifo)
        arguments = [*command, str(fifo)] + ([str(tmp_path / "x.pro")] if command == ["convert"] else [])
        started = time.perf_counter()
        assert cli.main(arguments) == 2
        assert time.perf_counter() - started < 5
        captured = capsys.readouterr()
        assert "a named pipe that nothing writes to" in captured.err + captured.out

    def test_fifo_with_writer(self, tmp_path):
        """A named pipe something writes to is read to its end."""
        fifo = tmp_path / "p.non"
        os.mkfifo(fifo)

        def write():
            time.sleep(0.5)
            with open(fifo, "wb") as stream:
                stream.write(TINY.read_bytes())
        threading.Thread(target=write, daemon=True).start()
        assert files.read_text(fifo) == TINY.read_text()

    def test_silent_pipe_given_up(self, monkeypatch):
        """A pipe whose writer stays open but silent is given up after PIPE_IDLE seconds."""
        monkeypatch.setattr(files, "PIPE_IDLE", 0.3)
        read_end, write_end = os.pipe()
        try:
            os.write(write_end, b"width 1\n")
            with pytest.raises(PuzzleFormatError, match="nothing more came through the pipe for 0.3 s"):
                files.read_text(f"/dev/fd/{read_end}")
        finally:
            os.close(read_end)
            os.close(write_end)

    def test_standard_input(self):
        """'-' reads standard input, a pipe or a redirected file, and names it <stdin> in messages."""
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        for source in (DANCER.read_bytes(), b"not a puzzle\n"):
            finished = subprocess.run([sys.executable, "-m", "paint", "solve", "-", "--no-grids"], input=source,
                                      capture_output=True, env=env, timeout=60)
            if source.startswith(b"#"):
                assert finished.returncode == 0 and b"solved" in finished.stdout
            else:
                assert finished.returncode == 2 and finished.stderr.startswith(b"paint: <stdin>: ")
        with open(DANCER, "rb") as redirected:
            finished = subprocess.run([sys.executable, "-m", "paint", "solve", "/dev/stdin", "--no-grids"],
                                      stdin=redirected, capture_output=True, env=env, timeout=60)
        assert finished.returncode == 0 and b"solved" in finished.stdout

    def test_terminal_refused(self):
        """Standard input that is a terminal is refused at once instead of waiting for typing."""
        main, secondary = pty.openpty()
        try:
            env = dict(os.environ, PYTHONPATH=str(ROOT))
            finished = subprocess.run([sys.executable, "-m", "paint", "solve", "-"], stdin=secondary,
                                      capture_output=True, env=env, timeout=60)
        finally:
            os.close(main)
            os.close(secondary)
        assert finished.returncode == 2 and b"standard input is a terminal" in finished.stderr

    def test_process_substitution(self):
        """The shell's <(...) (a /dev/fd pipe) is read: the pipe the user clearly meant."""
        finished = subprocess.run(["bash", "-c", f"{sys.executable} -m paint solve <(cat {DANCER}) --no-grids"],
                                  capture_output=True, text=True, timeout=60,
                                  env=dict(os.environ, PYTHONPATH=str(ROOT)))
        assert finished.returncode == 0 and "solved" in finished.stdout

    def test_size_limit(self, tmp_path, capsys):
        """A file larger than the limit is refused without reading it, and a pipe once it has sent that much."""
        big = tmp_path / "big.non"
        with open(big, "wb") as stream:
            stream.truncate(files.MAX_FILE_BYTES + 1)
        started = time.perf_counter()
        assert cli.main(["solve", str(big)]) == 2
        assert time.perf_counter() - started < 1
        assert "larger than 64 MiB" in capsys.readouterr().err
        with pytest.raises(PuzzleFormatError, match="larger than 0 MiB"):
            files.read_text(TINY, limit=10)

    def test_read_as_bytes_is_bounded(self, tmp_path):
        """/proc files report no size; they are still read only up to the limit."""
        with pytest.raises(PuzzleFormatError, match="larger than"):
            files.read_bytes("/proc/self/maps", limit=16)

    def test_link_to_nothing(self, tmp_path, capsys):
        """A link that leads nowhere is named as such."""
        link = tmp_path / "gone.non"
        link.symlink_to("nowhere.non")
        assert cli.main(["solve", str(link)]) == 2
        assert capsys.readouterr().err.strip().endswith("no such file (a link to nothing)")


class TestDescriptors:
    """descriptor_of names the descriptors /dev/stdin, /dev/fd/N and /proc/self/fd/N stand for."""

    def test_names(self):
        """The standard names, /dev/fd and /proc/self/fd name descriptors; other paths do not."""
        assert files.descriptor_of("/dev/stdin") == 0
        assert files.descriptor_of("/proc/self/fd/7") == 7
        assert files.descriptor_of(f"/proc/{os.getpid()}/fd/3") == 3
        assert files.descriptor_of("/proc/1/fd/3") is None if os.getpid() != 1 else True
        assert files.descriptor_of("relative/fd/1") is None

    def test_links(self, tmp_path):
        """A link to /dev/stdout names descriptor 1."""
        link = tmp_path / "out"
        link.symlink_to("/dev/stdout")
        assert files.descriptor_of(str(link)) == 1


def test_check_destination_refuses_sockets(tmp_path):
    """A Unix socket in the file system cannot be written to: it is refused by name."""
    import socket
    path = tmp_path / "s.sock"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(path))
        with pytest.raises(PaintError, match="it is a socket"):
            files.check_destination(str(path))
    finally:
        server.close()


NOBODY = 65534


def as_nobody() -> None:
    """Run the child process as the unprivileged user nobody (a preexec_fn)."""
    os.setgid(NOBODY)
    os.setgroups([])
    os.setuid(NOBODY)


def shared_folder(tmp_path: Path, mode: int = 0o777) -> Path:
    """A folder anyone may use, inside a test folder anyone may pass through."""
    tmp_path.chmod(0o755)
    folder = tmp_path / "shared"
    folder.mkdir()
    folder.chmod(mode)
    return folder


def run_as_nobody(*args, cwd=None) -> subprocess.CompletedProcess:
    """Run ``python -m paint ARGS`` as nobody; skip the test when nobody cannot run this Python or read paint."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", HOME="/tmp")
    try:
        probe = subprocess.run([sys.executable, "-c", "import paint"], capture_output=True, env=env, cwd="/",
                               timeout=60, preexec_fn=as_nobody)
    except OSError:
        probe = None
    if probe is None or probe.returncode != 0:
        pytest.skip("the user nobody cannot run this Python or read paint here")
    return subprocess.run([sys.executable, "-m", "paint", *map(str, args)], capture_output=True, text=True,
                          env=env, cwd=cwd or "/", timeout=120, preexec_fn=as_nobody)


class TestPermissions:
    """A file is written only where a shell's '>' could write it, and keeps its owner, group and links."""

    @ROOT_ONLY
    def test_read_only_file_refused(self, tmp_path):
        """A read-only file of one's own is refused before the solve, even in a folder one may write."""
        folder = shared_folder(tmp_path)
        target = folder / "ro.txt"
        target.write_text("old\n")
        os.chown(target, NOBODY, NOBODY)
        target.chmod(0o444)
        puzzle = folder / "tiny.non"
        puzzle.write_bytes(TINY.read_bytes())
        finished = run_as_nobody("solve", puzzle, "-o", target)
        assert finished.returncode == 2 and "permission denied" in finished.stderr
        assert target.read_text() == "old\n"

    @ROOT_ONLY
    def test_someone_elses_file_in_a_sticky_folder(self, tmp_path):
        """A file another user lets us write, in a sticky folder such as /tmp, gets the text in place and keeps its owner."""
        folder = shared_folder(tmp_path, 0o1777)
        target = folder / "theirs.txt"
        target.write_text("old\n")
        os.chown(target, 1234, 5678)
        target.chmod(0o666)
        puzzle = folder / "tiny.non"
        puzzle.write_bytes(TINY.read_bytes())
        puzzle.chmod(0o644)
        finished = run_as_nobody("solve", puzzle, "-o", target, "--no-grids")
        assert finished.returncode == 0, finished.stderr
        info = target.stat()
        assert "solved" in target.read_text() and (info.st_uid, info.st_gid) == (1234, 5678)

    @ROOT_ONLY
    def test_unwritable_folder_refused_first(self, tmp_path):
        """A new file in a folder one may not write is refused before any work (check -o, --svg)."""
        folder = shared_folder(tmp_path, 0o755)
        finished = run_as_nobody("check", TINY, "-o", folder / "report.txt")
        assert finished.returncode == 2 and "permission denied" in finished.stderr
        finished = run_as_nobody("solve", TINY, "--svg", folder / "t.svg")
        assert finished.returncode == 2 and "permission denied" in finished.stderr

    def test_hard_link_kept(self, tmp_path):
        """A file with another hard link is rewritten in place, so both names still show the same text."""
        target, other = tmp_path / "a.txt", tmp_path / "b.txt"
        target.write_text("old\n")
        os.link(target, other)
        assert cli.main(["solve", str(TINY), "-o", str(target), "--no-grids"]) == 0
        assert other.read_text() == target.read_text() and "solved" in other.read_text()
        assert target.stat().st_ino == other.stat().st_ino

    def test_private_file_stays_private_while_written(self, tmp_path):
        """The temporary twin of a mode-600 file is mode 600 from its creation."""
        target = tmp_path / "private.txt"
        target.write_text("old\n")
        target.chmod(0o600)
        with files.output_file(target) as stream:
            stream.write("new\n")
            twins = [path for path in tmp_path.iterdir() if path.name.endswith(".tmp")]
            assert len(twins) == 1 and stat.S_IMODE(twins[0].stat().st_mode) == 0o600
        assert target.read_text() == "new\n"


class TestOddDestinations:
    """Destinations that are odd names, descriptors or standard streams."""

    def test_closed_descriptor_refused_first(self, tmp_path):
        """A /dev/fd/N that is not open when paint starts is refused before anything is opened or solved."""
        out = tmp_path / "x.txt"
        finished = run("solve", TINY, "-o", out, "--html", "/dev/fd/9")
        assert finished.returncode == 2 and "file descriptor 9 is not open" in finished.stderr
        assert not out.exists()

    def test_relative_link_to_standard_output(self, tmp_path):
        """A link given by a relative name that leads to /dev/stdout writes to the command's standard output."""
        (tmp_path / "out").symlink_to("/dev/stdout")
        log = tmp_path / "log.txt"
        log.write_text("LOG\n")
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        with open(log, "a") as appended:
            finished = subprocess.run([sys.executable, "-m", "paint", "solve", str(TINY), "-o", "out", "--no-grids"],
                                      stdout=appended, stderr=subprocess.PIPE, cwd=tmp_path, env=env, timeout=60)
        assert finished.returncode == 0
        text = log.read_text()
        assert text.startswith("LOG\n") and "solved" in text and (tmp_path / "out").is_symlink()

    @pytest.mark.parametrize("name, message", [("", "no name"), ("nosuch/", "cannot end in '/'")])
    def test_bad_names(self, name, message, tmp_path, capsys):
        """An empty name and a name ending in '/' are refused; nothing is created."""
        assert cli.main(["solve", str(TINY), "-o", name]) == 2
        assert message in capsys.readouterr().err

    def test_long_name(self, tmp_path):
        """A name as long as the file system allows can be written (the temporary twin's name stays short enough)."""
        target = tmp_path / ("x" * 250)
        assert cli.main(["solve", str(TINY), "-o", str(target)]) == 0
        assert target.exists()

    def test_devices_may_be_shared(self, tmp_path):
        """-o and --svg may both go to /dev/null; only regular files must differ."""
        assert cli.main(["solve", str(TINY), "-o", "/dev/null", "--svg", "/dev/null"]) == 0

    def test_svg_not_onto_the_explanation(self, capsys):
        """--svg /dev/stdout, where the explanation goes, is refused as --svg - is."""
        assert cli.main(["solve", str(TINY), "--svg", "/dev/stdout"]) == 2
        assert "standard output carries the explanation" in capsys.readouterr().err

    def test_standard_input_protected(self, tmp_path):
        """paint solve - -o p.non < p.non is refused and leaves the puzzle as it was."""
        puzzle = tmp_path / "p.non"
        puzzle.write_bytes(TINY.read_bytes())
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        for arguments in (["solve", "-", "-o", str(puzzle)], ["check", "-", "-o", str(puzzle)],
                          ["convert", "-", str(puzzle), "--to", "non"]):
            with open(puzzle, "rb") as given:
                finished = subprocess.run([sys.executable, "-m", "paint", *arguments], stdin=given,
                                          capture_output=True, env=env, timeout=60)
            assert finished.returncode == 2 and b"refusing to write onto the input file" in finished.stderr
            assert puzzle.read_bytes() == TINY.read_bytes()

    @pytest.mark.parametrize("arguments", [["solve", str(TINY)], ["solve", str(TINY), "-o", "/dev/stdout"],
                                           ["line", "1", ">  <"], ["check", str(TINY)]])
    def test_closed_standard_output(self, arguments):
        """With standard output closed, paint says so in one line and exits 2, without a traceback."""
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        command = " ".join(shlex.quote(word) for word in [sys.executable, "-m", "paint", *arguments])
        finished = subprocess.run(["bash", "-c", f"{command} >&-"], capture_output=True, text=True, env=env,
                                  timeout=60)
        assert finished.returncode == 2 and "Traceback" not in finished.stderr
        assert re.search(r"closed|not open", finished.stderr) and len(finished.stderr.splitlines()) == 1


class TestOddSources:
    """Standard input that is a socket, pipes that trickle, terminals named by path."""

    def test_socket_as_standard_input(self):
        """A socket given as standard input (as inetd, socat or a parent's socketpair give it) is read."""
        import socket
        ours, theirs = socket.socketpair()
        try:
            env = dict(os.environ, PYTHONPATH=str(ROOT))
            process = subprocess.Popen([sys.executable, "-m", "paint", "solve", "-", "--no-grids"], stdin=theirs,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
            ours.sendall(TINY.read_bytes())
            ours.shutdown(socket.SHUT_WR)
            out, err = process.communicate(timeout=60)
        finally:
            ours.close()
            theirs.close()
        assert process.returncode == 0 and b"solved" in out, err

    def test_trickling_pipe_given_up(self, monkeypatch):
        """A pipe that keeps sending a byte now and then is given up after PIPE_TOTAL seconds."""
        monkeypatch.setattr(files, "PIPE_TOTAL", 0.5)
        read_end, write_end = os.pipe()
        stop = threading.Event()

        def trickle():
            while not stop.is_set():
                os.write(write_end, b"#")
                time.sleep(0.05)
        thread = threading.Thread(target=trickle, daemon=True)
        thread.start()
        try:
            with pytest.raises(PuzzleFormatError, match="still sending after 0.5 s"):
                files.read_text(f"/dev/fd/{read_end}")
        finally:
            stop.set()
            thread.join()
            os.close(read_end)
            os.close(write_end)

    def test_terminal_by_name(self):
        """A terminal named by its path is called a terminal."""
        main, secondary = pty.openpty()
        try:
            with pytest.raises(PuzzleFormatError, match="a terminal, not a puzzle file"):
                files.read_text(os.ttyname(secondary))
        finally:
            os.close(main)
            os.close(secondary)


GRID = "???\n???\n???\n"
"""A grid file for TINY: every square blank."""


class TestReadFilesProtected:
    """Every file paint reads for a command - the puzzle, the --grid file - is refused as an output, before any work."""

    @pytest.mark.parametrize("arguments", [
        ["solve", "{puzzle}", "--grid", "{grid}", "-o", "{out}"],
        ["solve", "{puzzle}", "--grid", "{grid}", "--json", "-o", "{out}"],
        ["solve", "{puzzle}", "--grid", "{grid}", "--svg", "{out}"],
        ["solve", "{puzzle}", "--grid", "{grid}", "--html", "{out}"],
        ["check", "{puzzle}", "--grid", "{grid}", "-o", "{out}"],
        ["check", "{puzzle}", "--grid", "{grid}", "--html", "{out}"],
    ])
    @pytest.mark.parametrize("through", ["the name", "a symbolic link", "a hard link"])
    def test_grid_file_refused(self, arguments, through, tmp_path, capsys):
        """The --grid file (by name, or through a link) as -o, --json -o, --svg or --html: exit 2, left as it was."""
        grid = tmp_path / "mine.txt"
        grid.write_text(GRID)
        out = grid
        if through == "a symbolic link":
            out = tmp_path / "alias.txt"
            out.symlink_to(grid.name)
        elif through == "a hard link":
            out = tmp_path / "same.txt"
            os.link(grid, out)
        words = [word.format(puzzle=TINY, grid=grid, out=out) for word in arguments]
        assert cli.main(words) == 2
        err = capsys.readouterr().err
        assert err == f"paint: refusing to write onto the input file {grid}\n"
        assert grid.read_text() == GRID and out.read_text() == GRID

    def test_grid_on_standard_input_refused(self, tmp_path):
        """--grid - with -o naming the file given as standard input is refused, and the file left as it was."""
        grid = tmp_path / "mine.txt"
        grid.write_text(GRID)
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        with open(grid, "rb") as given:
            finished = subprocess.run([sys.executable, "-m", "paint", "solve", str(TINY), "--grid", "-",
                                       "-o", str(grid)], stdin=given, capture_output=True, env=env, timeout=60)
        assert finished.returncode == 2 and b"refusing to write onto the input file" in finished.stderr
        assert grid.read_text() == GRID

    def test_folder_checked_is_a_directory(self, tmp_path, capsys):
        """check FOLDER -o FOLDER says the destination is a directory (a folder searched is no input file)."""
        shutil.copy(TINY, tmp_path / "tiny.non")
        assert cli.main(["check", str(tmp_path), "-o", str(tmp_path)]) == 2
        assert capsys.readouterr().err == f"paint: cannot write {tmp_path}: it is a directory\n"

    def test_grid_still_read(self, tmp_path):
        """A --grid file that is not an output is read as before: the explanation starts from its squares."""
        grid = tmp_path / "mine.txt"
        grid.write_text(".X.\n")
        out = tmp_path / "out.txt"
        assert cli.main(["solve", str(TINY), "--grid", str(grid), "-o", str(out), "--no-grids"]) == 0
        assert "starting from 3 given squares" in out.read_text()


def loop(folder: Path) -> Path:
    """Two symbolic links in ``folder`` that lead to each other; returns one of them."""
    (folder / "loop-a").symlink_to("loop-b")
    (folder / "loop-b").symlink_to("loop-a")
    return folder / "loop-a"


def links_of(folder: Path) -> dict:
    """Each entry of ``folder`` that is a symbolic link, with where it leads."""
    return {path.name: os.readlink(path) for path in folder.iterdir() if path.is_symlink()}


class TestLinkLoops:
    """A symbolic link in a loop (or a chain too deep to follow, ELOOP) is refused, never replaced by a regular file."""

    OPTIONS = [["solve", str(TINY), "-o"], ["solve", str(TINY), "--json", "-o"], ["solve", str(TINY), "--svg"],
               ["solve", str(TINY), "--html"], ["check", str(TINY), "-o"], ["check", str(TINY), "--html"],
               ["convert", str(TINY), "--to", "non"]]

    @pytest.mark.parametrize("arguments", OPTIONS, ids=" ".join)
    def test_loop_refused(self, arguments, tmp_path, capsys):
        """Each output option refuses a link in a loop in one line, exit 2, and both links stay links."""
        link = loop(tmp_path)
        before = links_of(tmp_path)
        assert cli.main([*arguments, str(link)]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"paint: cannot write {link}: it leads through symbolic links that go round in a loop")
        assert err.count("\n") == 1
        assert links_of(tmp_path) == before and sorted(path.name for path in tmp_path.iterdir()) == sorted(before)

    @pytest.mark.parametrize("arguments", [OPTIONS[0], OPTIONS[4], OPTIONS[6]], ids=" ".join)
    def test_link_to_itself_and_folder_in_a_loop(self, arguments, tmp_path, capsys):
        """A link to itself, and a name inside a 'folder' that is a link loop, are refused the same way."""
        (tmp_path / "self").symlink_to("self")
        for target in (tmp_path / "self", loop(tmp_path) / "out.txt"):
            assert cli.main([*arguments, str(target)]) == 2
            assert "go round in a loop" in capsys.readouterr().err
        assert all(path.is_symlink() for path in tmp_path.iterdir())

    def test_chain_too_deep(self, tmp_path, capsys):
        """A chain of 50 links to a real file (more than the system follows) is refused; the file is left as it was."""
        real = tmp_path / "real.txt"
        real.write_text("old\n")
        previous = real.name
        for number in range(50):
            (tmp_path / f"link{number}").symlink_to(previous)
            previous = f"link{number}"
        assert cli.main(["solve", str(TINY), "-o", str(tmp_path / previous)]) == 2
        assert "more than 40 of them" in capsys.readouterr().err
        assert real.read_text() == "old\n" and (tmp_path / previous).is_symlink()

    def test_check_destination(self, tmp_path):
        """check_destination itself refuses a link loop (the API path convert and save take)."""
        with pytest.raises(PaintError, match="go round in a loop"):
            files.check_destination(loop(tmp_path))


def hard_linked(folder: Path, text: str = "the old content, which must survive\n") -> tuple[Path, Path]:
    """A file holding ``text`` and a second hard link to it: paint must rewrite it in place."""
    target, other = folder / "mine.txt", folder / "other.txt"
    target.write_text(text)
    os.link(target, other)
    return target, other


class TestInPlace:
    """A file rewritten in place holds its old content until the new one is whole in it, and two writers take turns."""

    OLD = "the old content, which must survive\n"

    def test_no_room_refused_before_touching(self, tmp_path, monkeypatch, capsys):
        """With no room for the new text (posix_fallocate fails: ENOSPC), paint refuses, exit 2, and changes nothing."""
        target, other = hard_linked(tmp_path)
        before = target.stat()

        def no_room(descriptor, offset, length):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        monkeypatch.setattr(os, "posix_fallocate", no_room)
        assert cli.main(["solve", str(DANCER), "-o", str(target)]) == 2
        err = capsys.readouterr().err
        assert re.fullmatch(rf"paint: cannot write {re.escape(str(target))}: there is no room on its disk for the "
                            r"new text \([0-9,]+ bytes: No space left on device\); the file was left as it was\n", err)
        assert target.read_text() == self.OLD and other.read_text() == self.OLD
        after = target.stat()
        assert (after.st_ino, after.st_nlink, after.st_size, after.st_mtime_ns) == \
               (before.st_ino, 2, before.st_size, before.st_mtime_ns)

    def test_grown_length_put_back_after_no_room(self, tmp_path, monkeypatch, capsys):
        """A reservation that grew the file before failing is undone: the file keeps its old length and bytes."""
        target, other = hard_linked(tmp_path)
        real = os.posix_fallocate

        def part_then_no_room(descriptor, offset, length):
            real(descriptor, offset, length // 2)
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        monkeypatch.setattr(os, "posix_fallocate", part_then_no_room)
        assert cli.main(["solve", str(DANCER), "-o", str(target)]) == 2
        assert "there is no room" in capsys.readouterr().err
        assert other.read_bytes() == self.OLD.encode()

    def test_failed_write_puts_the_old_content_back(self, tmp_path, monkeypatch, capsys):
        """A short write and then ENOSPC while overwriting: the old content is written back, exit 2, and it says so."""
        target, other = hard_linked(tmp_path, self.OLD * 200)
        real, calls = os.pwrite, []

        def short_then_full(descriptor, data, offset):
            calls.append(len(data))
            if len(calls) == 1:
                return real(descriptor, bytes(data[:100]), offset)  # a short write: the rest is written again
            if len(calls) == 2:
                assert offset == 100
                real(descriptor, b"#" * 50, offset)  # part of it lands, then the disk is full
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real(descriptor, data, offset)
        monkeypatch.setattr(os, "pwrite", short_then_full)
        assert cli.main(["solve", str(DANCER), "-o", str(target)]) == 2
        assert capsys.readouterr().err == (f"paint: cannot write {target}: No space left on device; "
                                           "the old content was put back\n")
        assert len(calls) >= 3  # the content was overwritten, then written back
        assert other.read_text() == self.OLD * 200 and target.stat().st_nlink == 2

    def test_failed_restore_saves_the_old_content(self, tmp_path, monkeypatch, capsys):
        """When even writing the old content back fails, it is saved in a file the message names."""
        target, other = hard_linked(tmp_path)
        monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
        real, calls = os.pwrite, []

        def broken_disk(descriptor, data, offset):
            calls.append(offset)
            if len(calls) == 1:
                return real(descriptor, bytes(data[:10]), offset)
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        monkeypatch.setattr(os, "pwrite", broken_disk)
        assert cli.main(["solve", str(DANCER), "-o", str(target)]) == 2
        err = capsys.readouterr().err
        saved = re.fullmatch(rf"paint: cannot write {re.escape(str(target))}: Input/output error; putting the old "
                             r"content back failed too \(Input/output error\): it was saved as (\S+)\n", err)
        assert saved and Path(saved[1]).read_text() == self.OLD

    @pytest.mark.parametrize("old", ["", "z" * 100_000], ids=["empty", "longer"])
    def test_exact_new_content(self, old, tmp_path):
        """Rewritten in place, a file longer or shorter than the new text ends holding exactly the new text."""
        target, other = hard_linked(tmp_path, old)
        plain = tmp_path / "plain.txt"
        for path in (target, plain):
            assert cli.main(["convert", str(DANCER), str(path), "--to", "non"]) == 0
        assert other.read_bytes() == plain.read_bytes() and target.stat().st_nlink == 2

    def test_lock_held_by_another(self, tmp_path, monkeypatch, capsys):
        """While another program holds a lock on the file, paint waits a little, then refuses, leaving it as it was."""
        import fcntl
        monkeypatch.setattr(files, "LOCK_WAIT", 0.3)
        target, other = hard_linked(tmp_path)
        with open(other, "rb") as holder:
            fcntl.flock(holder, fcntl.LOCK_EX)
            assert cli.main(["solve", str(TINY), "-o", str(target)]) == 2
        assert "another program is writing it" in capsys.readouterr().err
        assert target.read_text() == self.OLD

    def test_two_writers_take_turns(self, tmp_path):
        """Two processes writing a hard-linked file at once leave exactly one of their texts, whole: no NUL, no mix."""
        target, other = hard_linked(tmp_path)
        texts = {"a": "a" * 4_000_000 + "\n", "b": "b" * 3_000_000 + "\n"}
        code = ("import sys\nfrom paint import files\n"
                "for line in sys.stdin:\n"
                "    files.write_atomically(sys.argv[1], sys.argv[2] * int(sys.argv[3]) + '\\n')\n"
                "    print('done', flush=True)\n")
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        writers = [subprocess.Popen([sys.executable, "-c", code, str(target), letter, str(len(text) - 1)], env=env,
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
                   for letter, text in texts.items()]
        try:
            for _ in range(12):  # each round, both write at the same moment
                for writer in writers:
                    writer.stdin.write("go\n")
                    writer.stdin.flush()
                assert [writer.stdout.readline() for writer in writers] == ["done\n", "done\n"]
                content = other.read_text()
                whole = content in texts.values()
                assert whole, (f"{len(content):,} characters: {content.count(chr(0)):,} NUL, "
                               f"{content.count('a'):,} a, {content.count('b'):,} b")
                assert target.read_text() == content
        finally:
            for writer in writers:
                writer.stdin.close()
                writer.wait(60)

    def test_unreadable_file_refused_before_work(self, tmp_path, monkeypatch, capsys):
        """A file to rewrite in place that paint may write but not read (no copy of it can be kept) is refused first."""
        target, other = hard_linked(tmp_path)
        monkeypatch.setattr(os, "access", lambda path, mode, **options: not mode & os.R_OK)
        assert cli.main(["solve", str(DANCER), "-o", str(target)]) == 2
        assert "paint may not read it, and it must be rewritten in place" in capsys.readouterr().err
        assert target.read_text() == self.OLD


FULL_DISK = """
set -e
mount -t tmpfs -o size=256k tmpfs "$DISK"
printf 'the old content, which must survive\\n' > "$DISK/mine.txt"
ln "$DISK/mine.txt" "$DISK/other.txt"
printf 'my own old content\\n' > "$DISK/own.txt"
cat /dev/zero > "$DISK/filler" 2> /dev/null || true
truncate -s -4K "$DISK/filler"
set +e
"$PYTHON" -m paint solve "$PUZZLE" -o "$DISK/mine.txt" 2> "$OUT/in-place.err"; echo $? > "$OUT/in-place.status"
"$PYTHON" -m paint solve "$PUZZLE" -o "$DISK/own.txt" 2> "$OUT/replaced.err"; echo $? > "$OUT/replaced.status"
cp "$DISK/other.txt" "$OUT/other.txt"; cp "$DISK/own.txt" "$OUT/own.txt"; ls -A "$DISK" > "$OUT/listing"
"""


def test_full_disk_keeps_the_old_content(tmp_path):
    """On a real full disk (a 256 KiB tmpfs), a file rewritten in place and one replaced both keep their old content."""
    disk, out = tmp_path / "disk", tmp_path / "out"
    disk.mkdir()
    out.mkdir()
    env = dict(os.environ, PYTHONPATH=str(ROOT), DISK=str(disk), OUT=str(out), PYTHON=sys.executable,
               PUZZLE=str(DANCER), TMPDIR=str(tmp_path))
    if shutil.which("unshare") is None:
        pytest.skip("no unshare here to mount a small tmpfs in a private namespace")
    ways = [["unshare", "--user", "--map-root-user", "--mount"]]  # a user namespace of one's own, where allowed
    if os.geteuid() == 0:
        ways.append(["unshare", "--mount"])  # else, as root, a mount namespace alone
    for way in ways:
        finished = subprocess.run([*way, "sh", "-c", FULL_DISK], capture_output=True, text=True, env=env, timeout=120)
        if (out / "listing").exists():
            break
    else:
        pytest.skip(f"mounting a tmpfs is not permitted here: {finished.stderr.strip()}")
    assert (out / "in-place.status").read_text() == "2\n"
    assert re.fullmatch(r"paint: cannot write \S+/mine.txt: there is no room on its disk for the new text "
                        r"\([0-9,]+ bytes: No space left on device\); the file was left as it was\n",
                        (out / "in-place.err").read_text())
    assert (out / "other.txt").read_text() == "the old content, which must survive\n"
    assert (out / "replaced.status").read_text() == "2\n"
    assert "No space left on device" in (out / "replaced.err").read_text()
    assert (out / "own.txt").read_text() == "my own old content\n"
    assert sorted((out / "listing").read_text().split()) == ["filler", "mine.txt", "other.txt", "own.txt"]
