"""Writing output files: atomically, and only inside the folder the user chose."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ppprint.errors import InputError


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file and a rename, so no half-written file is left."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def inside(root: Path, name: str) -> Path:
    """``root / name``, refusing a name that would lead outside ``root``."""
    target = (root / name).resolve()
    if not target.is_relative_to(root.resolve()):
        raise InputError(f"'{name}' would be written outside the output folder {root}")
    return target


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
