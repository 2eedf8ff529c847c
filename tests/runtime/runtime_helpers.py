"""Helpers for the runtime companion's tests: load a fixture module afresh so its jitted functions
start with empty caches, and find lines in fixtures."""

from __future__ import annotations

import importlib.util
import itertools
import re
import sys
from pathlib import Path
from types import ModuleType

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
_fresh_names = itertools.count()


def load_fresh(name: str) -> ModuleType:
    """Import fixtures/<name>.py under a new module name: new function objects, so JAX's trace and
    compile caches (keyed on them) start empty, and `jax.jit` runs under any open counting window."""
    path = FIXTURES / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"{name}_fresh_{next(_fresh_names)}", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # inspect finds class sources through sys.modules
    spec.loader.exec_module(module)
    return module


def expect_lines(name: str) -> dict[str, int]:
    """The `# expect: SCNxxx` markers of a fixture: code -> line."""
    found = {}
    for number, text in enumerate((FIXTURES / f"{name}.py").read_text().splitlines(), start=1):
        match = re.search(r"#\s*expect:\s*(SCN\d{3})", text)
        if match:
            found[match.group(1)] = number
    return found


def line_of(name: str, needle: str) -> int:
    for number, text in enumerate((FIXTURES / f"{name}.py").read_text().splitlines(), start=1):
        if needle in text:
            return number
    raise AssertionError(f"{needle!r} not in {name}")


def deterministic(max_examples: int = 25):
    """Hypothesis settings for these tests: derandomized, no example database, no deadline."""
    from hypothesis import HealthCheck, settings

    return settings(
        database=None,
        derandomize=True,
        deadline=None,
        max_examples=max_examples,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.differing_executors],
    )


class JaxCompileEvents:
    """Ground truth from JAX itself: every XLA backend compile, by the `fun_name` JAX gives it
    (`jit(f)`), recorded through a `jax.monitoring` listener of our own."""

    EVENT = "/jax/core/compile/backend_compile_duration"

    def __init__(self) -> None:
        self.names: list[str] = []

    def _listen(self, event: str, duration: float, **kwargs: object) -> None:
        if event == self.EVENT:
            self.names.append(str(kwargs.get("fun_name", "")))

    def __enter__(self) -> JaxCompileEvents:
        import jax.monitoring

        jax.monitoring.register_event_duration_secs_listener(self._listen)
        return self

    def __exit__(self, *exc: object) -> None:
        import jax.monitoring

        jax.monitoring.unregister_event_duration_listener(self._listen)

    def count(self, name: str) -> int:
        return self.names.count(f"jit({name})")
