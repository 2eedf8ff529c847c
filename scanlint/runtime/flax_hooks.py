"""Seeing Flax Linen state touched while a raw loop body is being traced.

Inside a raw `lax.scan` body, a Linen parameter created during `init` leaks the scan's tracer
(the later `apply` fails far from the cause), and a key from `make_rng` is drawn once at trace
time, so every step reuses it (no error at all). Both happen through `flax.core.scope.Scope`, so
while observation is on, `Scope.param`, `Scope.variable` and `Scope.make_rng` report to the loop
whose body is being traced on the current thread. Outside a body they do nothing extra.
"""

from __future__ import annotations

import sys
import threading
from typing import Any

from scanlint.runtime.locations import user_location
from scanlint.runtime.patching import Rebinding

_rebindings: list[Rebinding] = []
_local = threading.local()


def _current_loop() -> Any:
    from scanlint.runtime.loops import current_body_call

    return current_body_call()


def _make_hooks(scope_class: type) -> list[Rebinding]:
    original_param = scope_class.param
    original_variable = scope_class.variable
    original_make_rng = scope_class.make_rng

    def param(self: Any, name: str, *args: Any, **kwargs: Any) -> Any:
        loop = _current_loop()
        if loop is None:
            return original_param(self, name, *args, **kwargs)
        created = not self.has_variable("params", name) and self.is_mutable_collection("params")
        _local.creating = getattr(_local, "creating", 0) + 1
        try:
            value = original_param(self, name, *args, **kwargs)
        finally:
            _local.creating -= 1
        if created:
            loop.flax_params_created.append(_path(self, "params", name))
        return value

    def variable(self: Any, col: str, name: str, init_fn: Any = None, *args: Any, **kwargs: Any) -> Any:
        loop = _current_loop()
        if loop is None:
            return original_variable(self, col, name, init_fn, *args, **kwargs)
        created = init_fn is not None and not self.has_variable(col, name) and self.is_mutable_collection(col)
        _local.creating = getattr(_local, "creating", 0) + 1
        try:
            value = original_variable(self, col, name, init_fn, *args, **kwargs)
        finally:
            _local.creating -= 1
        if created:
            loop.flax_params_created.append(_path(self, col, name))
        return value

    def make_rng(self: Any, name: str = "params") -> Any:
        loop = _current_loop()
        if loop is not None and not getattr(_local, "creating", 0):
            loop.flax_rngs_drawn.append(name)
            loop.flax_rng_draws.append({"name": name, "site": user_location(2).to_json()})
        return original_make_rng(self, name)

    return [
        Rebinding(scope_class, "param", param),
        Rebinding(scope_class, "variable", variable),
        Rebinding(scope_class, "make_rng", make_rng),
    ]


def _path(scope: Any, col: str, name: str) -> str:
    where = getattr(scope, "path_text", "") or "/"
    return f"{col}{where.rstrip('/')}/{name}"


_installed = False


def ensure_installed() -> None:
    """Hook Flax once it has been imported. Called when observation starts and at every observed
    loop call, so a program that never imports Flax never pays for importing it."""
    global _rebindings, _installed
    if _installed or "flax.core.scope" not in sys.modules:
        return
    if not _rebindings:
        _rebindings = _make_hooks(sys.modules["flax.core.scope"].Scope)
    for rebinding in _rebindings:
        rebinding.acquire()
    _installed = True


def uninstall() -> None:
    global _installed
    if _installed:
        for rebinding in _rebindings:
            rebinding.release()
        _installed = False
