"""Where things are in the user's source: the frame that called into JAX, the span of a body
function or class. Reports and the static/runtime join are keyed on these."""

from __future__ import annotations

import functools
import inspect
import itertools
import os
import sys
import sysconfig
import types
from dataclasses import asdict, dataclass
from typing import Any

import jax
import jax.extend.source_info_util

SCANLINT_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
JAX_DIR = os.path.dirname(os.path.abspath(jax.__file__))

# Without this, every equation traced inside an observed loop body would be located at
# scanlint's body wrapper instead of the user's line.
jax.extend.source_info_util.register_exclusion(SCANLINT_DIR)
_LIBRARY_DIRS = tuple(
    sorted(
        {
            os.path.abspath(path)
            for key in ("stdlib", "platstdlib", "purelib", "platlib")
            if (path := sysconfig.get_paths().get(key))
        }
    )
)


@dataclass(frozen=True)
class Location:
    """A place in a source file: 1-based line and column; `end_line` closes a span (a function or a
    class), and `name` says what is there (the calling function, or the body's qualified name)."""

    path: str
    line: int
    column: int = 1
    end_line: int | None = None
    name: str = ""

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}:{self.column}"
        return f"{where} ({self.name})" if self.name else where

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Location:
        return cls(**data)

    def contains(self, path: str, line: int) -> bool:
        return same_file(self.path, path) and self.line <= line <= (self.end_line or self.line)


def same_file(a: str, b: str) -> bool:
    return os.path.normcase(os.path.realpath(a)) == os.path.normcase(os.path.realpath(b))


@functools.lru_cache(maxsize=4096)
def is_library_file(path: str) -> bool:
    """Files of installed packages and of the standard library: not the user's code."""
    if not path or path.startswith("<"):
        return True
    full = os.path.abspath(path)
    return full.startswith(_LIBRARY_DIRS) and not full.startswith(SCANLINT_DIR)


@functools.lru_cache(maxsize=4096)
def is_internal_file(path: str) -> bool:
    """Frames that are never the interesting caller: scanlint itself and JAX."""
    full = os.path.abspath(path)
    return full.startswith((SCANLINT_DIR + os.sep, JAX_DIR + os.sep))


@dataclass(frozen=True)
class CallerFrame:
    """Enough of a frame to locate it later, without keeping the frame (and its locals) alive."""

    code: types.CodeType
    lasti: int
    lineno: int

    @property
    def key(self) -> tuple[str, int]:
        return (self.code.co_filename, self.lasti)

    def location(self) -> Location:
        line, column = self.lineno or 1, 1
        try:
            positions = next(itertools.islice(self.code.co_positions(), self.lasti // 2, None))
            if positions[0] is not None:
                line, column = positions[0], (positions[2] or 0) + 1
        except (StopIteration, ValueError):
            pass
        return Location(self.code.co_filename, line, column, name=self.code.co_qualname)


def caller_frame(depth: int = 1) -> CallerFrame | None:
    """The first frame above this call that is neither scanlint nor JAX."""
    frame: types.FrameType | None = sys._getframe(depth)
    while frame is not None and is_internal_file(frame.f_code.co_filename):
        frame = frame.f_back
    if frame is None:
        return None
    return CallerFrame(frame.f_code, frame.f_lasti, frame.f_lineno or 1)


def caller_location(depth: int = 1) -> Location:
    """Where the first frame above this call that is neither scanlint nor JAX is (line, column)."""
    found = caller_frame(depth + 1)
    return found.location() if found is not None else Location("<unknown>", 1)


def user_location(depth: int = 1) -> Location:
    """The first frame above this call in the user's code (neither scanlint, JAX nor any other
    installed library), for calls that go through a library such as Flax."""
    frame: types.FrameType | None = sys._getframe(depth)
    while frame is not None and (is_internal_file(frame.f_code.co_filename) or is_library_file(frame.f_code.co_filename)):
        frame = frame.f_back
    if frame is None:
        return Location("<unknown>", 1)
    return CallerFrame(frame.f_code, frame.f_lasti, frame.f_lineno or 1).location()


def unwrap_callable(fn: Any) -> Any:
    """The Python function behind partials, bound methods, decorators and callable objects."""
    for _ in range(20):
        if isinstance(fn, functools.partial):
            fn = fn.func
        elif isinstance(fn, types.MethodType):
            fn = fn.__func__
        elif hasattr(fn, "__wrapped__"):
            fn = fn.__wrapped__
        else:
            break
    if not isinstance(fn, types.FunctionType) and callable(fn) and not isinstance(fn, type):
        call = type(fn).__call__
        if isinstance(call, types.FunctionType):
            return call
    return fn


@functools.lru_cache(maxsize=4096)
def _code_span(code: types.CodeType) -> tuple[int, int]:
    try:
        lines, start = inspect.getsourcelines(code)
        return start, start + len(lines) - 1
    except (OSError, TypeError):
        numbers = [line for _, _, line in code.co_lines() if line is not None]
        return code.co_firstlineno, max(numbers, default=code.co_firstlineno)


def function_location(fn: Any) -> Location:
    """The span of the function behind `fn`: first line of its `def` (or lambda) to its last."""
    target = unwrap_callable(fn)
    code = getattr(target, "__code__", None)
    if code is None:
        return Location("<unknown>", 1, name=getattr(target, "__qualname__", type(target).__name__))
    start, end = _code_span(code)
    return Location(code.co_filename, start, 1, end, getattr(target, "__qualname__", code.co_name))


def class_location(cls: type) -> Location | None:
    try:
        path = inspect.getsourcefile(cls)
        lines, start = inspect.getsourcelines(cls)
    except (OSError, TypeError):
        return None
    if path is None:
        return None
    return Location(path, start, 1, start + len(lines) - 1, cls.__qualname__)
