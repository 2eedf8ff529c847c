"""Under `jax.disable_jit()` a scan runs its body once per step and JAX checks nothing: every pass
is compared with the carry the loop started from, so a drift JAX would reject under jit is still
seen, and a correct loop (a weakly typed init promoted once) stays ok."""

from __future__ import annotations

import importlib.util
import sys

import jax
import jax.numpy as jnp
import pytest

from scanlint.api import check_paths
from scanlint.runtime import observe_scans
from scanlint.runtime.join import CONFIRMED, Observation, join

pytestmark = pytest.mark.runtime

DRIFTING = '''
import jax.numpy as jnp
from jax import lax


def accumulate(xs, dtype):
    def step(carry, x):
        return (carry + x).astype(dtype), None

    total, _ = lax.scan(step, jnp.zeros(2, jnp.float32), xs)
    return total


def to_half(xs):
    def step(carry, x):
        return (carry + x).astype(jnp.float16), None

    total, _ = lax.scan(step, jnp.zeros(2, jnp.float32), xs)
    return total


def running_sum(xs):
    def step(carry, x):
        return carry + x, None

    return lax.scan(step, 0.0, xs)[0]
'''


@pytest.fixture
def drifting(tmp_path):
    path = tmp_path / "drifting_loops.py"
    path.write_text(DRIFTING)
    spec = importlib.util.spec_from_file_location(f"drifting_loops_{id(path)}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return path, module


@pytest.mark.parametrize("dtype", [jnp.float16, jnp.bfloat16])
def test_a_drift_jax_rejects_under_jit_is_seen_under_disable_jit(drifting, dtype) -> None:
    _, module = drifting
    xs = jnp.ones((3, 2))
    with pytest.raises(TypeError, match="carry input and carry output must have equal types"):
        jax.jit(module.accumulate, static_argnums=1)(xs, dtype)  # the ground truth: JAX's own check
    with jax.disable_jit(), observe_scans() as seen:
        module.accumulate(xs, dtype)  # runs without any error
    (scan,) = seen.scans
    name = jnp.dtype(dtype).name
    assert scan.ok is False
    assert [str(c) for c in scan.changes] == [f"carry: float32[2] -> {name}[2]"]
    assert scan.carry_out == f"{name}[2]"
    assert [f.code for f in seen.findings()] == ["SCN901"]


def test_the_static_drift_finding_is_confirmed_not_refuted(drifting) -> None:
    path, module = drifting
    with jax.disable_jit(), observe_scans() as seen:
        module.to_half(jnp.ones((3, 2)))
    static = [f for f in check_paths([path]) if f.code == "SCN203"]
    assert static
    verdicts = [v for v in join(static, Observation.collect(seen)) if v.origin == "static"]
    to_half_line = DRIFTING.splitlines().index("def to_half(xs):") + 1
    (verdict,) = [v for v in verdicts if v.finding.line > to_half_line]
    assert verdict.runtime == CONFIRMED and "float32[2] -> float16[2]" in verdict.evidence


def test_a_weak_init_promoted_once_is_ok_under_disable_jit(drifting) -> None:
    _, module = drifting
    xs = jnp.ones(4, jnp.float16)
    jax.jit(module.running_sum)(xs)  # JAX accepts it under jit
    with jax.disable_jit(), observe_scans() as seen:
        module.running_sum(xs)
    (scan,) = seen.scans
    assert scan.ok is True and scan.changes == []
    assert seen.findings() == [] or [f.code for f in seen.findings()] == ["SCN903"]
