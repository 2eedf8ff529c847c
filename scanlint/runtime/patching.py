"""Replacing a function everywhere user code can reach it, and putting it back.

`from jax.lax import scan` copies the function into the importing module before observation
starts, so patching `jax.lax.scan` alone misses it. A `Rebinding` therefore also rewrites every
global of a user module (not a library or the standard library) that is the original object.
Patches are reference counted: nested observation windows install once and restore once.
"""

from __future__ import annotations

import sys
import threading
import types
from typing import Any

from scanlint.runtime.locations import is_library_file

_lock = threading.RLock()


def user_modules() -> list[types.ModuleType]:
    modules = []
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None)
        if (
            isinstance(module, types.ModuleType)
            and path
            and not is_library_file(path)
            and not module.__name__.startswith("scanlint.")
        ):
            modules.append(module)
    return modules


class Rebinding:
    """Rebind `owner.attribute` (and user-module aliases of it) to `replacement` while in use."""

    def __init__(self, owner: Any, attribute: str, replacement: Any) -> None:
        self.owner = owner
        self.attribute = attribute
        self.replacement = replacement
        self.original: Any = None
        self.users = 0

    def acquire(self) -> None:
        with _lock:
            self.users += 1
            if self.users > 1:
                return
            self.original = getattr(self.owner, self.attribute)
            setattr(self.owner, self.attribute, self.replacement)
            self._swap(self.original, self.replacement)

    def release(self) -> None:
        with _lock:
            self.users -= 1
            if self.users > 0:
                return
            if getattr(self.owner, self.attribute, None) is self.replacement:
                setattr(self.owner, self.attribute, self.original)
            self._swap(self.replacement, self.original)

    @staticmethod
    def _swap(old: Any, new: Any) -> None:
        for module in user_modules():
            namespace = vars(module)
            for name, value in list(namespace.items()):
                if value is old:
                    namespace[name] = new
