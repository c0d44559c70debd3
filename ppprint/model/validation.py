"""Checking loaded data against pydantic models: one message, and the path of keys at fault."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from pydantic_core import PydanticCustomError

from ppprint.errors import DataError

ModelT = TypeVar("ModelT", bound=BaseModel)


UNION_TAG = "~"
"""The start of the tag of a union's member (``Tag("~legal")``): left out of the path of keys at fault."""
WHOLE = "ppprint_whole"
"""The type of a :func:`whole_message` error."""


def whole_message(message: str, at: Any = None) -> PydanticCustomError:
    """An error for a validator to raise whose message stands alone (no key path is put in front of it);
    ``at`` names the key (or, as a tuple, the path of keys and indexes) inside the value being validated that is
    at fault, so its own line is reported."""
    return PydanticCustomError(WHOLE, message, {"at": at})


def validated(model: type[ModelT], data: object, error: type[DataError] = DataError, innermost: bool = False) -> ModelT:
    """``data`` checked against ``model``; an ``error`` (a :class:`DataError`) names the key path at fault.

    An unknown key is reported before any other problem, since it is the likeliest typo. A message starts
    with the path of keys at fault (``innermost``: only the innermost key, where the line says the rest),
    except a :func:`whole_message`, which stands alone.
    """
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = exc.errors()
        problem = next((e for e in problems if e["type"] == "extra_forbidden"), problems[0])
        loc = tuple(part for part in problem["loc"] if part != "[key]" and not str(part).startswith(UNION_TAG))
        where = ".".join(str(part) for part in loc)
        if innermost:
            where = next((part for part in reversed(loc) if isinstance(part, str)), "")
        if problem["type"] == WHOLE:
            at = problem.get("ctx", {}).get("at")
            message = str(problem["msg"])
            loc = loc if at is None else (*loc, *at) if isinstance(at, tuple) else (*loc, at)
        elif problem["type"] == "extra_forbidden":
            known = ", ".join(_fields_at(model, loc[:-1])) or "none"
            message = f"unknown key '{loc[-1]}' (known: {known})"
        else:
            message = f"{where}: {_words(problem)}" if where else _words(problem)
        raise error(message, loc) from None


def _words(problem: Mapping[str, Any]) -> str:
    return str(problem["msg"]).removeprefix("Value error, ").removeprefix("Assertion failed, ")


def _fields_at(model: type[BaseModel], loc: tuple[Any, ...]) -> list[str]:
    """The field names of the (nested) model at ``loc``, where the path leads to one."""
    current: Any = model
    for part in loc:
        fields = getattr(current, "model_fields", None)
        if not fields or part not in fields:
            return []
        current = fields[part].annotation
    return list(getattr(current, "model_fields", {}))
