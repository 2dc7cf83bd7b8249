"""Checking on a Dask cluster (paint.cluster, ``paint check --dask``): against a LocalCluster of two worker
processes that the tests start, the same JSON as ``--jobs 2``, every verdict after a worker is killed midway,
and Ctrl-C cancelling what is left."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed")

from paint.batch import check_batch, expand, find_puzzles  # noqa: E402
from paint.check import CheckOptions  # noqa: E402

JWILK = Path(__file__).parent / "corpus" / "jwilk"

pytestmark = pytest.mark.xdist_group("cluster")  # one cluster at a time: it takes both cores


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  silence_logs=50) as local:
        yield local


def without_times(document: list[dict]) -> list[dict]:
    return [{key: value for key, value in check.items() if key != "seconds"} for check in document]


def test_same_json_as_jobs(cluster, tmp_path, capsys):
    """``paint check --dask ADDRESS --json`` over jwilk gives the JSON of ``--jobs 2``, check for check, in the
    order of the files (but for the seconds each took); the exit status is the same."""
    from paint import cli
    here, there = tmp_path / "jobs.json", tmp_path / "dask.json"
    status = cli.main(["check", str(JWILK), "--json", "--jobs", "2", "-o", str(here)])
    assert cli.main(["check", str(JWILK), "--json", "--dask", cluster.scheduler_address, "-o", str(there)]) == status
    ours, theirs = json.loads(here.read_text()), json.loads(there.read_text())
    assert len(ours) == 151 and without_times(theirs) == without_times(ours)
    assert {check["verdict"] for check in theirs} >= {"ok", "needs-probes", "needs-search", "multiple"}


def test_a_killed_worker_loses_no_verdict(cluster):
    """A worker killed while the batch runs: its puzzles are checked again on the others (the nanny starts a
    new worker), and every verdict comes back, the same as in this process."""
    found = expand(find_puzzles([JWILK]))[:60]
    expected = check_batch(found, CheckOptions(), jobs=1)
    client = distributed.Client(cluster.scheduler_address, set_as_default=False)
    try:
        pids = client.run(os.getpid)
        killed = []

        def on_check(check):
            if len(killed) == 0:
                os.kill(sorted(pids.values())[0], signal.SIGKILL)  # midway: after the first check is back
                killed.append(check.file)

        batch = check_batch(found, CheckOptions(), dask=cluster.scheduler_address, on_check=on_check)
        client.wait_for_workers(2, timeout=30)
        assert sorted(pids.values())[0] not in client.run(os.getpid).values()  # it was killed, and replaced
    finally:
        client.close()
    assert killed and batch.interrupted is None
    assert [(c.file, c.verdict) for c in batch.checks] == [(c.file, c.verdict) for c in expected.checks]


def test_interrupt_cancels_the_rest(cluster):
    """Ctrl-C while checks come back: the batch stops with those finished, in order, and no task of it is
    left on the cluster."""
    found = expand(find_puzzles([JWILK]))
    came = []

    def on_check(check):
        came.append(check.file)
        if len(came) == 5:
            raise KeyboardInterrupt

    batch = check_batch(found, CheckOptions(), dask=cluster.scheduler_address, on_check=on_check)
    assert batch.interrupted == signal.SIGINT and 5 <= len(batch.checks) < len(found)
    order = [entry.label for entry in found]
    assert [order.index(check.file) for check in batch.checks] == sorted(order.index(c.file) for c in batch.checks)
    client = distributed.Client(cluster.scheduler_address, set_as_default=False)
    try:
        def paint_tasks(dask_scheduler=None):
            return [key for key in dask_scheduler.tasks if str(key).startswith("paint-check-")]
        import time
        for _ in range(50):
            if not client.run_on_scheduler(paint_tasks):
                break
            time.sleep(0.1)
        assert client.run_on_scheduler(paint_tasks) == []
    finally:
        client.close()


def test_no_scheduler_is_bad_input(capsys):
    """A scheduler that cannot be reached: one line naming the address, exit 2, no traceback."""
    from paint import cli
    from paint import cluster as module
    module.CONNECT_SECONDS, before = 2, module.CONNECT_SECONDS
    try:
        assert cli.main(["check", str(JWILK / "data001.nin"), "--dask", "tcp://127.0.0.1:9"]) == 2
    finally:
        module.CONNECT_SECONDS = before
    err = capsys.readouterr().err
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err and "Traceback" not in err


@pytest.mark.parametrize("address", ["nonsense", "", "http://127.0.0.1:1"])
def test_not_an_address(address, capsys):
    """An address that is none: one line saying so at once, exit 2, nothing from Dask after it."""
    import time
    from paint import cli
    started = time.perf_counter()
    assert cli.main(["check", str(JWILK / "data001.nin"), "--dask", address]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"paint: not the address of a Dask scheduler: {address!r}") and err.count("\n") == 1
    assert time.perf_counter() - started < 5


def test_a_server_that_is_no_scheduler(capsys):
    """A port where something else listens and never answers: exit 2 after the wait, not a hang."""
    import socket
    import threading
    from paint import cli
    from paint import cluster as module
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    accepted = []
    threading.Thread(target=lambda: accepted.append(server.accept()), daemon=True).start()
    module.CONNECT_SECONDS, before = 2, module.CONNECT_SECONDS
    try:
        address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
        assert cli.main(["check", str(JWILK / "data001.nin"), "--dask", address]) == 2
    finally:
        module.CONNECT_SECONDS = before
        server.close()
    assert f"cannot reach the Dask scheduler at {address}: no answer within 2 s" in capsys.readouterr().err


def test_a_lost_scheduler_loses_no_puzzle():
    """The scheduler killed midway: the checks that came back are kept, each other puzzle is an error saying the
    scheduler was lost, none is left out."""
    import socket
    import subprocess
    import sys
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    scheduler = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                                  "--port", str(port), "--dashboard-address", ":0"], **quiet)
    worker = subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", address, "--nthreads", "1",
                               "--dashboard-address", ":0"], **quiet)
    try:
        client = distributed.Client(address, timeout=30, set_as_default=False)
        client.wait_for_workers(1, timeout=60)
        client.close()
        found = expand(find_puzzles([JWILK]))
        came = []

        def on_check(check):
            came.append(check)
            if len(came) == 3:
                scheduler.kill()

        batch = check_batch(found, CheckOptions(), dask=address, on_check=on_check)
    finally:
        scheduler.kill()
        worker.kill()
        scheduler.wait()
        worker.wait()
    assert len(batch.checks) == len(found) and batch.interrupted is None
    lost = [check for check in batch.checks if check.verdict == "error"]
    assert lost and all("the Dask scheduler at" in check.error and "was lost" in check.error for check in lost)
    assert [check.file for check in batch.checks] == [entry.label for entry in found]
    assert all(check.verdict != "error" for check in batch.checks[:3])


def test_dask_or_jobs(capsys):
    from paint import cli
    assert cli.main(["check", str(JWILK), "--dask", "tcp://127.0.0.1:9", "--jobs", "2"]) == 2
    assert "not allowed with argument" in capsys.readouterr().err
