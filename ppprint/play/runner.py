"""Running many games: in this process, in a pool of local processes, or on a Dask cluster.

Jobs go out in batches and their records come back as plain data; the records
are put back in job order, so the results are the same however the games were
spread. The pool uses the platform's default start method (each worker sets up
the run's games from the batch itself, so ``spawn`` and ``forkserver`` work as
well as ``fork``); ``--cluster ADDRESS`` sends the same batches to a Dask
distributed scheduler (``pip install ppprint[cluster]``), whose workers need
ppprint and the games' folders at the same paths.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from typing import Any

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskProgressColumn, TextColumn, TimeRemainingColumn

from ppprint.errors import InputError
from ppprint.output import end_with_parent
from ppprint.play.match import Games, Job, play_batch

Record = dict[str, Any]
Advance = Callable[[int], None]


def local_workers() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def batches(jobs: Sequence[Job], workers: int) -> list[list[Job]]:
    """Jobs cut into batches, about eight per worker (fewer, larger batches cost less to send)."""
    size = max(1, min(64, len(jobs) // max(1, workers * 8)))
    return [list(jobs[i : i + size]) for i in range(0, len(jobs), size)]


def run_jobs(
    jobs: Sequence[Job],
    games: Games,
    workers: int = 1,
    cluster: str | None = None,
    progress: bool = False,
    start_method: str | None = None,
) -> list[Record]:
    """Play every job; the records in job order.

    ``workers`` 1 plays them in this process; more use a local process pool (``start_method``: the
    multiprocessing context, default the platform's); ``cluster`` sends them to a Dask scheduler instead.
    """
    with _progress(len(jobs), progress) as advance:
        if cluster is not None:
            results = _on_cluster(jobs, games, cluster, advance)
        elif workers <= 1 or len(jobs) <= 1:
            results = []
            for batch in batches(jobs, 1):
                results += play_batch(games, batch)
                advance(len(batch))
        else:
            results = _in_pool(jobs, games, workers, start_method, advance)
    return results


def _in_pool(jobs: Sequence[Job], games: Games, workers: int, start_method: str | None, advance: Advance) -> list[Record]:
    parts = batches(jobs, workers)
    done: dict[int, list[Record]] = {}
    context = multiprocessing.get_context(start_method)
    with ProcessPoolExecutor(max_workers=min(workers, len(parts)), mp_context=context, initializer=end_with_parent, initargs=(os.getpid(),)) as pool:
        pending: dict[Future[list[Record]], int] = {pool.submit(play_batch, games, part): n for n, part in enumerate(parts)}
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                n = pending.pop(future)
                done[n] = future.result()
                advance(len(done[n]))
    return [record for n in range(len(parts)) for record in done[n]]


def _on_cluster(jobs: Sequence[Job], games: Games, address: str, advance: Advance) -> list[Record]:
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise InputError("--cluster needs Dask distributed: pip install 'ppprint[cluster]'") from None
    try:
        client = distributed.Client(address, timeout="30s")
    except (OSError, TimeoutError) as exc:
        raise InputError(f"--cluster {address}: cannot reach the scheduler ({exc})") from None
    except ValueError as exc:  # not an address: 'garbage' has no port
        raise InputError(f"--cluster {address}: not a scheduler's address like tcp://host:8786 ({exc})") from None
    with client:
        workers = max(1, sum(client.nthreads().values()))
        parts = batches(jobs, workers)
        futures = [client.submit(play_batch, games, part, pure=False) for part in parts]
        index = {future.key: n for n, future in enumerate(futures)}
        done: dict[int, list[Record]] = {}
        for future in distributed.as_completed(futures):
            n = index[future.key]
            done[n] = future.result()
            advance(len(done[n]))
    return [record for n in range(len(parts)) for record in done[n]]


@contextmanager
def _progress(total: int, show: bool) -> Iterator[Advance]:
    """A rich progress bar (games done, rate, time left) when ``show``; a no-op otherwise."""
    if not show:
        yield lambda n: None
        return
    columns = (
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TaskProgressColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, transient=True) as bar:
        task = bar.add_task("playing", total=total, rate="")

        def advance(n: int) -> None:
            bar.advance(task, n)
            speed = bar.tasks[task].speed
            bar.update(task, rate=f"{speed:.1f} games/s" if speed else "")

        yield advance
