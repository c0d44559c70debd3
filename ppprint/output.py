"""Writing output files: atomically, only inside the folder the user chose, and never half a set.

* :func:`write_atomic` writes one file: a temporary file ``.NAME.PID.XXXX.part`` beside it, then a
  rename. The temporary file's name is chosen before the ``try`` that removes it, and it is created
  inside that ``try``, so no error and no interruption leaves it behind.
* :func:`write_set` writes the files of one build as a set: every file is first written to a staging
  folder ``OUT/.ppprint-staging-PID-XXXX`` (a folder among them, such as ``<game>-figures/``, as a
  whole), then each one is swapped into place by renames with SIGINT and SIGTERM held back. If
  anything fails or an interruption arrives before the swap, the staging folder is removed and the old
  files are as they were; if a rename fails during the swap, the files already swapped are put back.
  Either every file of the set is new, or every one is as it was, and the error says which.
* Killed (SIGKILL, a power cut) at any moment, a build loses nothing. Just before its swap it writes a
  journal into the staging folder (the entries to put in place; every new file is there and on the disk
  by then), and removes it once the swap is done. The next write into that folder, whatever it writes,
  finds the staging folder of a process that is gone: with a journal, it completes the swap (each new
  entry still staged is put in place, the old one set aside), so the set is wholly new; without one,
  nothing was moved yet, the old files are in place, and it removes the folder.
* :func:`interruptible` turns SIGINT and SIGTERM into :class:`~ppprint.errors.Interrupted`, raised
  where the program is, so the ``finally`` blocks here remove what they created. One raised where
  Python can only print it (in a weak reference's callback or a ``__del__``) is kept instead, and
  raised by the next write before it puts anything in place.

A failure of the file system (a read-only folder, a full disk, a path whose parent is a file, a
symlink loop, a folder where a file should go, a place such as ``/proc`` where nothing can be created)
is an :class:`~ppprint.errors.InputError` naming the path, never a traceback. Only SIGKILL (or a
power cut) can leave a temporary file or staging folder; the next write into that folder removes
those whose process is gone (completing a staging folder's swap first, as above).
"""

from __future__ import annotations

import errno
import json
import os
import re
import secrets
import shutil
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

from ppprint.errors import InputError, Interrupted

STAGING_PREFIX = ".ppprint-staging-"
"""The staging folder of a set of files being written, inside the output folder."""
JOURNAL = ".ppprint-journal"
"""In a staging folder, from just before its swap until every entry is in place: the entries, as JSON."""
OLD = ".ppprint-old"
"""In a staging folder, during its swap: the entries it replaced."""
_LEFTOVER = re.compile(r"\.ppprint-staging-(\d+)-[0-9a-f]{8}|\..+\.(\d+)\.[0-9a-f]{8}\.part")
_SIGNALS = (signal.SIGINT, signal.SIGTERM)

_WORDS = {
    errno.EROFS: "the file system is read-only",
    errno.EACCES: "permission denied",
    errno.EPERM: "not permitted",
    errno.ENOSPC: "no space left on the device",
    errno.EDQUOT: "over the disk quota",
    errno.EFBIG: "the file is larger than this system allows",
    errno.ELOOP: "a loop of symbolic links",
    errno.ENOTDIR: "a part of the path is a file, not a folder",
    errno.EISDIR: "a folder is in the way",
    errno.ENAMETOOLONG: "the name is too long",
    errno.ENOENT: "no such folder, and it cannot be created there",
}


def oserror_words(exc: OSError) -> str:
    """What went wrong, in words."""
    return _WORDS.get(exc.errno or 0, exc.strerror or str(exc))


def _refuse(action: str, path: Path, exc: OSError, outcome: str) -> InputError:
    return InputError(f"cannot {action} {path}: {oserror_words(exc)}; {outcome}")


# -- one file ------------------------------------------------------------------------------------


def write_atomic(path: Path, data: bytes, durable: bool = True) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename, so no half-written file is left.

    A bad destination is an :class:`InputError` naming it; nothing is left behind on any error or interruption.
    ``durable=False`` skips flushing the file to the disk first (for files checked when read, such as
    cache entries, where one lost in a power cut is merely missing).
    """
    outcome = "nothing was written"
    path = Path(path)
    folder = path.parent
    make_folder(folder, outcome)
    if path.is_dir():
        raise InputError(f"cannot write {path}: a folder of that name is in the way; {outcome}")
    _remove_leftovers(folder)
    temporary = folder / f".{path.name[:100]}.{os.getpid()}.{secrets.token_hex(4)}.part"
    try:
        _write_new(temporary, data, durable)
        _raise_held(_take_lost(), outcome)
        os.replace(temporary, path)
    except OSError as exc:
        raise _refuse("write", path, exc, outcome) from None
    finally:
        with _held_signals() as held:
            _unlink(temporary)
        _raise_held(held, "")


def _write_new(path: Path, data: bytes, durable: bool = True) -> None:
    """Create ``path`` (it must not exist) with ``data``, flushed to the disk if ``durable`` (so a full disk shows here)."""
    handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(handle, view):]
        if durable:
            os.fsync(handle)
    finally:
        os.close(handle)


def _unlink(path: Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError:
        pass  # nothing more can be done; the next write into the folder tries again


def make_folder(folder: Path, outcome: str = "nothing was written") -> None:
    """Create ``folder`` (and its parents) for output, or an :class:`InputError` saying why it cannot be."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise InputError(f"cannot write into {folder}: it is a file, not a folder; {outcome}") from None
    except OSError as exc:
        raise _refuse("create the folder", folder, exc, outcome) from None
    except RuntimeError:  # pathlib on a symlink loop (Python before 3.13)
        raise InputError(f"cannot create the folder {folder}: a loop of symbolic links; {outcome}") from None
    if not folder.is_dir():
        raise InputError(f"cannot write into {folder}: it is not a folder; {outcome}")


def inside(root: Path, name: str) -> Path:
    """``root / name``, refusing a name that would lead outside ``root``."""
    try:
        target = (root / name).resolve()
        base = root.resolve()
    except (OSError, RuntimeError) as exc:
        words = oserror_words(exc) if isinstance(exc, OSError) else "a loop of symbolic links"
        raise InputError(f"cannot use the output folder {root}: {words}") from None
    if not target.is_relative_to(base):
        raise InputError(f"'{name}' would be written outside the output folder {root}")
    return target


_TIDIED: set[Path] = set()


def _remove_leftovers(folder: Path) -> None:
    """Remove the temporary files in ``folder`` whose process is gone (killed by SIGKILL), and complete or
    remove its staging folders (:func:`_recover`), once per folder and process."""
    if folder in _TIDIED:
        return
    _TIDIED.add(folder)
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        match = _LEFTOVER.fullmatch(entry.name)
        if match is None or _alive(int(match.group(1) or match.group(2))):
            continue
        if entry.is_dir(follow_symlinks=False):
            _recover(folder, Path(entry.path))
        else:
            _unlink(Path(entry.path))


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


# -- a set of files ------------------------------------------------------------------------------


NOTHING_CHANGED = "nothing was written (the files already there are as they were)"
ALL_WRITTEN = "every file of the build was written"
HALF_DONE = "some old files could not be put back; the next write into this folder puts the new ones in place"


def write_set(root: Path, files: Sequence[tuple[str, bytes]]) -> list[Path]:
    """Write ``files`` (names relative to ``root``, at most one folder deep) as one set; return their paths.

    Each top-level name (a file, or a folder such as ``<game>-figures``) is replaced as a
    whole: a folder loses the files of an earlier build that this one does not write. See the
    module's docstring for what happens on errors and interruptions.
    """
    make_folder(root, NOTHING_CHANGED)
    targets = [inside(root, name) for name, _ in files]
    base = root.resolve()
    entries: list[str] = []
    for target in targets:
        top = target.relative_to(base).parts[0]
        if top not in entries:
            entries.append(top)
    for target in targets:
        folder = base / target.relative_to(base).parts[0]
        if target.is_dir():
            raise InputError(f"cannot write {target}: a folder of that name is in the way; {NOTHING_CHANGED}")
        if folder != target and folder.exists() and not folder.is_dir():
            raise InputError(f"cannot write {target}: {folder} is a file, not a folder; {NOTHING_CHANGED}")
    _remove_leftovers(base)
    staging = base / f"{STAGING_PREFIX}{os.getpid()}-{secrets.token_hex(4)}"
    current = root
    held: list[int] = []
    try:
        try:
            staging.mkdir()
            for (_, data), target in zip(files, targets):
                current = target
                staged = staging / target.relative_to(base)
                staged.parent.mkdir(exist_ok=True)
                _write_new(staged, data)
        except OSError as exc:
            raise _refuse("write", current, exc, NOTHING_CHANGED) from None
        except Interrupted as exc:
            exc.outcome = NOTHING_CHANGED
            raise
        _raise_held(_take_lost(), NOTHING_CHANGED)
        with _held_signals() as held:
            _pause()
            _swap(base, staging, entries)
            _pause()
    finally:
        with _held_signals() as also:
            if not (staging / JOURNAL).exists():  # else a swap failed half-undone: the next run completes it
                shutil.rmtree(staging, ignore_errors=True)
        held += also
    _raise_held(held, ALL_WRITTEN)
    return targets


def _raise_held(held: list[int], outcome: str) -> None:
    """Raise the :class:`Interrupted` of the first signal held back, if any, saying what was written."""
    if held:
        interrupted = Interrupted(held[0])
        interrupted.outcome = outcome
        raise interrupted


def _swap(base: Path, staging: Path, entries: list[str]) -> None:
    """Move each staged entry into place, keeping the old ones in the staging folder until all are in; undo on failure.

    The journal is written first, so a process killed during the swap leaves a swap that the next run
    into ``base`` completes (:func:`_recover`); it is removed once every entry is in place or put back.
    """
    old = staging / OLD
    swapped: list[tuple[str, bool]] = []
    try:
        old.mkdir()
        _write_journal(staging, entries)
        _pause()
        for entry in entries:
            swapped.append((entry, False))
            swapped[-1] = (entry, _put(staging / entry, base / entry, old / entry))
            _pause()
        _unlink(staging / JOURNAL)
    except OSError as exc:
        outcome = NOTHING_CHANGED if _undo(base, staging, swapped) else HALF_DONE
        raise _refuse("write", base / swapped[-1][0] if swapped else base, exc, outcome) from None


def _undo(base: Path, staging: Path, swapped: list[tuple[str, bool]]) -> bool:
    """Put back the old entries of a failed swap; whether all were (then the journal goes, and the staging folder with it)."""
    for entry, had_old in reversed(swapped):
        target, staged = base / entry, staging / entry
        try:
            if not staged.exists() and (target.exists() or target.is_symlink()):
                os.rename(target, staged)
            if had_old:
                os.rename(staging / OLD / entry, target)
        except OSError:
            return False
    _unlink(staging / JOURNAL)
    return True


def _write_journal(staging: Path, entries: list[str]) -> None:
    """Record the entries of a swap about to start, on the disk before the first rename."""
    part = staging / f"{JOURNAL}.part"
    _write_new(part, json.dumps(entries).encode("utf-8"))
    os.rename(part, staging / JOURNAL)
    try:
        handle = os.open(staging, os.O_RDONLY)
    except OSError:
        return  # a system that cannot open a folder (Windows) has no folder to flush either
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def _recover(folder: Path, staging: Path) -> None:
    """Take over the staging folder of a process that is gone: complete the swap its journal records, if
    any (every new file is in it by then), then remove it.

    It is first renamed to a name of this process, so two runs never work on it at once; one killed
    while at it leaves it to the next run in turn. A journal that names anything but an entry of
    ``folder`` (not one ppprint wrote) leaves the folder untouched.
    """
    claimed = folder / f"{STAGING_PREFIX}{os.getpid()}-{secrets.token_hex(4)}"
    try:
        os.rename(staging, claimed)
    except OSError:
        return  # another run took it first
    try:
        entries = json.loads((claimed / JOURNAL).read_bytes())
    except FileNotFoundError:
        entries = []  # killed before its swap: nothing moved, the old files are in place
    except (OSError, ValueError):
        return
    if not isinstance(entries, list) or not all(isinstance(entry, str) and entry not in ("", ".", "..") and Path(entry).name == entry for entry in entries):
        return
    try:
        for entry in entries:
            staged = claimed / entry
            if staged.exists() or staged.is_symlink():
                _put(staged, folder / entry, claimed / OLD / entry)
    except OSError:
        return  # kept, for the next run to try again
    shutil.rmtree(claimed, ignore_errors=True)


def _put(staged: Path, target: Path, backup: Path) -> bool:
    """Rename ``staged`` to ``target``, first moving what is there to ``backup``; whether something was.

    A folder cannot be renamed over another, so when a concurrent build puts its own in place
    between the two renames, that one is moved aside too and the rename tried again.
    """
    had_old = False
    for _ in range(10):
        try:
            os.rename(target, backup)
            had_old = True
        except FileNotFoundError:
            pass
        except OSError as exc:
            if exc.errno not in (errno.ENOTEMPTY, errno.EEXIST):
                raise
            _remove(backup)  # what a concurrent build put there in the meantime
            continue
        _pause()
        try:
            os.rename(staged, target)
            return had_old
        except OSError as exc:
            if exc.errno not in (errno.ENOTEMPTY, errno.EEXIST):
                raise
    raise OSError(errno.EEXIST, "another build keeps replacing it", str(target))


PAUSE_VARIABLE = "PPPRINT_TEST_PAUSE_AT_SWAP"
"""A test's hook (tests/test_killed_builds.py): when set, the process stops itself (SIGSTOP) at each
step of a swap, so the test can kill it there with SIGKILL, or let it go on with SIGCONT."""


def _pause() -> None:
    if os.environ.get(PAUSE_VARIABLE):
        os.kill(os.getpid(), signal.SIGSTOP)


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        _unlink(path)


# -- signals -------------------------------------------------------------------------------------


_lost: list[int] = []
"""Signals whose :class:`Interrupted` was raised where Python could only print it: the next write raises it."""


@contextmanager
def interruptible() -> Iterator[None]:
    """Within this block, SIGINT and SIGTERM raise :class:`Interrupted` (in the main thread only).

    Raised in a weak reference's callback or a ``__del__``, Python would print it with a traceback
    and go on; it is kept instead (:data:`sys.unraisablehook`), and the next :func:`write_atomic` or
    :func:`write_set` raises it before it puts a file in place.
    """

    def handler(signum: int, frame: FrameType | None) -> None:
        _raised.append(signum)
        raise Interrupted(signum)

    _raised.clear()
    earlier_hook = sys.unraisablehook

    def keep_lost(unraisable: sys.UnraisableHookArgs) -> None:
        if isinstance(unraisable.exc_value, Interrupted):
            _lost.append(unraisable.exc_value.signum)
        else:
            earlier_hook(unraisable)

    sys.unraisablehook = keep_lost
    try:
        with _handled_signals(handler):
            yield
    finally:
        sys.unraisablehook = earlier_hook
        _lost.clear()


_raised: list[int] = []
"""Signals raised as :class:`Interrupted` in the latest :func:`interruptible` block."""


def interrupted_by() -> int | None:
    """The first signal the latest :func:`interruptible` block raised as :class:`Interrupted`, if any: a
    library that caught it and raised another error (pydantic's ``SchemaError``) was interrupted all the same."""
    return _raised[0] if _raised else None


def _take_lost() -> list[int]:
    """The signals lost since the last write (see :func:`interruptible`), now forgotten."""
    taken = _lost[:]
    _lost.clear()
    return taken


@contextmanager
def _handled_signals(handler: Callable[[int, FrameType | None], None]) -> Iterator[None]:
    """Within this block, ``handler`` handles SIGINT and SIGTERM (in the main thread, where Python
    allows handlers; elsewhere nothing changes)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {signum: signal.signal(signum, handler) for signum in _SIGNALS}
    try:
        yield
    finally:
        for signum, old in previous.items():
            signal.signal(signum, old)


class SignalFlag:
    """Set by SIGINT or SIGTERM within :func:`flagged_signals`: a stop request no handler can lose.

    A handler that raises (:func:`interruptible`) is lost when it runs inside a weak reference's
    callback or a ``__del__``, whose exceptions Python only prints; a loop that must end on a signal
    (``ppprint serve``) asks this flag instead. It takes no lock, so a handler setting it never waits
    on a lock the code it interrupted holds. It has the ``is_set()`` of a :class:`threading.Event`.
    """

    def __init__(self) -> None:
        self.signum: int | None = None

    def is_set(self) -> bool:
        return self.signum is not None

    def set(self, signum: int = signal.SIGINT) -> None:
        if self.signum is None:
            self.signum = signum


@contextmanager
def flagged_signals(flag: SignalFlag) -> Iterator[None]:
    """Within this block, SIGINT and SIGTERM set ``flag`` instead of raising (in the main thread only);
    a second signal, once the flag is set, raises :class:`Interrupted` (a second Ctrl-C does not wait)."""

    def handler(signum: int, frame: FrameType | None) -> None:
        if flag.is_set():
            raise Interrupted(signum)
        flag.set(signum)

    with _handled_signals(handler):
        yield


@contextmanager
def _held_signals() -> Iterator[list[int]]:
    """Hold SIGINT and SIGTERM back during the block; the list it gives holds those that arrived.

    Pending signals are taken without running their handler, so the block is never cut short, and
    the caller decides what to raise once the swap is complete.
    """
    held: list[int] = []
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield held
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)
    try:
        yield held
    finally:
        pending = signal.sigpending() & set(_SIGNALS)
        for signum in sorted(pending):
            signal.sigwait([signum])
            held.append(int(signum))
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


_PR_SET_PDEATHSIG = 1
"""Linux's prctl option: the signal a process gets when the thread that started it ends."""


def end_with_parent(parent: int) -> None:
    """Make this worker process end when its parent, process ``parent``, does (a pool's initializer,
    given the parent's pid): a build or a report killed with SIGKILL leaves no worker behind holding
    memory and its caller's output streams open.

    On Linux the kernel sends SIGKILL (``prctl(PR_SET_PDEATHSIG)``); a worker whose parent died before
    it got here (it has another parent now) ends at once. Elsewhere this does nothing: the pool's own
    shutdown is all there is.
    """
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # the parent died before the kernel was told
        os._exit(1)
