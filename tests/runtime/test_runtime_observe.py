"""observe_scans(): every raw loop call is seen with its call site, body and carry types, the
program behaves exactly as without observation, and errors still propagate."""

from __future__ import annotations

import functools
import importlib
import sys
import textwrap

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from runtime_helpers import expect_lines, line_of, load_fresh

from scanlint.runtime import count_compiles, observe_scans
from scanlint.runtime.loops import _ORIGINALS

pytestmark = pytest.mark.runtime


def user_records(seen):
    return [r for r in seen.records if not r.library]


def test_seed_flax_every_scan_confirms_the_hidden_carry() -> None:
    seed_flax = load_fresh("seed_flax")
    with observe_scans() as seen:
        out = seed_flax.lax_scan_in_module(0, jnp.ones(6), 6, 3)
    assert out.shape == (6,)
    scans = user_records(seen)
    assert len(scans) == 1  # init and apply both call the same site with the same types
    scan = scans[0]
    assert (scan.carry_in, scan.carry_out, scan.xs, scan.ok) == ("float32[6]", "float32[6]", "int32[3]", True)
    assert scan.calls == 2 and scan.returns_pair is True
    assert scan.call_site.line == line_of("seed_flax", "jax.lax.scan(body")
    assert scan.body.line == line_of("seed_flax", "def body(carry, t)")
    assert scan.body.name == "LaxScanModule.__call__.<locals>.body"
    assert seen.findings() == []


# module name -> (exception raised by run(), what the record must show)
BROKEN = {
    "broken_scan_returns_carry": (TypeError, {"returns_pair": False, "error_type": "TypeError"}),
    "broken_scan_dtype_drift": (TypeError, {"changes": ["carry: int32[] -> ~float32[]"]}),
    "broken_scan_shape_drift": (TypeError, {"changes": ["history: float32[0] -> float32[1]"]}),
    "broken_fori_loop_returns_pair": (TypeError, {"changes": ["acc: float32[] -> (float32[], None)"]}),
    "broken_linen_dense_in_scan": (
        jax.errors.UnexpectedTracerError,
        {"flax_params_created": ["params/Dense_0/kernel", "params/Dense_0/bias"]},
    ),
    "broken_linen_param_in_scan": (jax.errors.UnexpectedTracerError, {"flax_params_created": ["params/w"]}),
    "broken_linen_submodule_in_scan": (
        jax.errors.UnexpectedTracerError,
        {"flax_params_created": ["params/cell/kernel", "params/cell/bias"]},
    ),
    "broken_linen_make_rng_in_scan": (None, {"flax_rngs_drawn": ["noise"], "ok": True}),
    "broken_nnx_mutation_in_scan": (Exception, {"error_type": "TraceContextError"}),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_twin_is_seen_failing_at_its_body(name: str) -> None:
    module = importlib.import_module(name)
    raised, expected = BROKEN[name]
    with observe_scans() as seen:
        if raised is None:
            module.run()
        else:
            with pytest.raises(raised):
                module.run()
    records = user_records(seen)
    assert len(records) == 1
    record = records[0].to_json()
    for key, value in expected.items():
        if key == "changes":
            assert [f"{c['path']}: {c['before']} -> {c['after']}" for c in record["changes"]] == value
        else:
            assert record[key] == value, key
    if raised is not None:
        assert record["ok"] is False
    marked = next(iter(expect_lines(name).values()))
    body = records[0].body
    assert body.line <= marked <= body.end_line


def test_runtime_findings_name_the_leaf_and_sit_on_the_body() -> None:
    import broken_scan_dtype_drift
    import broken_scan_returns_carry

    with observe_scans() as seen:
        for module in (broken_scan_dtype_drift, broken_scan_returns_carry):
            with pytest.raises(TypeError):
                module.run()
    by_code = {f.code: f for f in seen.findings()}
    assert set(by_code) == {"SCN901", "SCN902"}
    assert "carry: int32[] -> ~float32[]" in by_code["SCN901"].message
    assert by_code["SCN901"].line == line_of("broken_scan_dtype_drift", "def step(")
    assert by_code["SCN902"].line == line_of("broken_scan_returns_carry", "def step(")


def test_errors_propagate_unchanged() -> None:
    import broken_scan_shape_drift

    with pytest.raises(TypeError) as plain:
        broken_scan_shape_drift.run()
    with observe_scans(), pytest.raises(TypeError) as observed:
        broken_scan_shape_drift.run()
    assert str(observed.value) == str(plain.value)


def test_results_are_unchanged_even_for_rng_drawn_in_the_body() -> None:
    """A second trace of the body would advance Flax's RNG counter and change the noise."""
    import broken_linen_make_rng_in_scan

    plain_final, plain_noise = broken_linen_make_rng_in_scan.run()
    with observe_scans():
        final, noise = broken_linen_make_rng_in_scan.run()
    np.testing.assert_array_equal(noise, plain_noise)
    np.testing.assert_array_equal(final, plain_final)


def test_clean_twin_creates_no_params_inside_the_body() -> None:
    import linen_submodule_called_first

    with observe_scans() as seen:
        linen_submodule_called_first.run()
    (record,) = user_records(seen)
    assert record.ok and record.flax_params_created == [] and record.flax_rngs_drawn == []


def step_fn(carry, x, scale=1.0):
    return carry * scale + x, carry


class Stepper:
    def __init__(self, scale):
        self.scale = scale

    def step(self, carry, x):
        return carry * self.scale + x, carry


def test_scans_inside_jit_vmap_grad_are_seen_per_example() -> None:
    def total(c0, xs):
        return jax.lax.scan(step_fn, c0, xs)[0].sum()

    c0, xs = jnp.ones(3), jnp.ones((4, 3))
    with observe_scans() as seen:
        jax.jit(total)(c0, xs)
        jax.vmap(total)(jnp.ones((2, 3)), jnp.ones((2, 4, 3)))
        jax.grad(total)(c0, xs)
    records = user_records(seen)
    assert sum(r.calls for r in records) == 3
    assert {(r.carry_in, r.carry_out, r.xs, r.ok) for r in records} == {("float32[3]", "float32[3]", "float32[4,3]", True)}


def test_partial_and_bound_method_bodies_are_located_at_their_def() -> None:
    xs = jnp.ones((2, 3))
    with observe_scans() as seen:
        jax.lax.scan(functools.partial(step_fn, scale=2.0), jnp.zeros(3), xs)
        jax.lax.scan(Stepper(0.5).step, jnp.zeros(3), xs)
    names = {r.body.name: r.body.line for r in user_records(seen)}
    assert names == {
        "step_fn": step_fn.__code__.co_firstlineno,
        "Stepper.step": Stepper.step.__code__.co_firstlineno,
    }


def test_name_bound_before_observation_is_observed_and_restored(tmp_path, monkeypatch) -> None:
    (tmp_path / "early_bound_scan.py").write_text(
        textwrap.dedent(
            """
            from jax.lax import scan as my_scan

            def run(xs):
                return my_scan(lambda c, x: (c + x, c), 0.0, xs)
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("early_bound_scan")
    try:
        with observe_scans() as seen:
            module.run(jnp.ones(3))
        assert [r.call_site.line for r in seen.records] == [5]
        assert module.my_scan is _ORIGINALS["scan"]
        assert jax.lax.scan is _ORIGINALS["scan"]
    finally:
        sys.modules.pop("early_bound_scan", None)


def test_weak_init_that_comes_back_strong_is_scn903() -> None:
    def accumulate(total, x):
        return total + x, x

    xs = jnp.arange(3.0)
    with observe_scans() as seen:
        jax.lax.scan(accumulate, 0.0, xs)  # weak ~float32 init, strong float32 output
        jax.lax.scan(accumulate, jnp.float32(0.0), xs)  # strong: fine
    weak, strong = sorted(seen.scans, key=lambda r: not r.carry_in.startswith("~"))
    assert (weak.carry_in, weak.carry_out, weak.ok) == ("~float32[]", "float32[]", True)
    assert [str(c) for c in weak.weak_to_strong] == ["total: ~float32[] -> float32[]"]
    assert strong.weak_to_strong == []
    (finding,) = seen.findings()
    assert finding.code == "SCN903" and finding.line == weak.call_site.line
    assert "Give the init a dtype" in finding.message


def test_weak_int_init_is_promoted_as_jax_does() -> None:
    def halve(total, x):
        return total + 0.5 * x, x

    with observe_scans() as seen:
        final, _ = jax.lax.scan(halve, 0, jnp.arange(3.0))
    (record,) = seen.scans
    assert final.dtype == jnp.float32
    assert record.ok is True and record.traces == 2  # JAX retraces after promoting the init
    assert [str(c) for c in record.promoted] == ["total: ~int32[] -> float32[]"]


def test_nested_scans_are_both_seen() -> None:
    def inner(c, x):
        return c + x, None

    def outer(c, row):
        c, _ = jax.lax.scan(inner, c, row)
        return c, c

    with observe_scans() as seen:
        jax.lax.scan(outer, jnp.zeros(()), jnp.ones((2, 3)))
    assert sorted(r.body.name for r in seen.scans) == [
        "test_nested_scans_are_both_seen.<locals>.inner",
        "test_nested_scans_are_both_seen.<locals>.outer",
    ]
    assert all(r.ok for r in seen.scans)


def test_eager_scan_in_a_loop_keeps_hitting_jax_caches() -> None:
    def make_body():
        def body(c, x):
            return c * 0.5 + x, c

        return body

    xs, init = jnp.ones((4, 2)), jnp.zeros(2)
    for _ in range(2):
        jax.lax.scan(make_body(), init, xs)  # warm up the eager primitives
    plain_body, observed_body = make_body(), make_body()
    with count_compiles() as plain:
        for _ in range(3):
            jax.lax.scan(plain_body, init, xs)
    with count_compiles() as observed, observe_scans() as seen:
        for _ in range(3):
            jax.lax.scan(observed_body, init, xs)
    assert observed.total_compiles == plain.total_compiles == 1
    (record,) = seen.scans
    assert (record.calls, record.traces) == (3, 1)


def test_observation_ends_cleanly() -> None:
    with observe_scans():
        assert jax.lax.scan is not _ORIGINALS["scan"]
        with observe_scans():
            pass
        assert jax.lax.scan is not _ORIGINALS["scan"]
    assert jax.lax.scan is _ORIGINALS["scan"]
    assert jax.lax.fori_loop is _ORIGINALS["fori_loop"]
    assert jax.lax.while_loop is _ORIGINALS["while_loop"]


def test_equations_traced_in_observed_bodies_point_at_user_lines() -> None:
    """scanlint's body wrapper is excluded from JAX's source info (register_exclusion)."""

    def body(c, x):
        return jnp.sin(c) + x, c

    def program(c, xs):
        return jax.lax.scan(body, c, xs)

    sin_line = body.__code__.co_firstlineno + 1
    scan_line = program.__code__.co_firstlineno + 1
    with observe_scans():
        closed = jax.make_jaxpr(program)(jnp.zeros(2), jnp.ones((3, 2)))
    (scan_eqn,) = [e for e in closed.jaxpr.eqns if e.primitive.name == "scan"]
    (sin_eqn,) = [e for e in scan_eqn.params["jaxpr"].jaxpr.eqns if e.primitive.name == "sin"]
    call_site = jax.extend.source_info_util.summarize(scan_eqn.source_info)
    inside = jax.extend.source_info_util.summarize(sin_eqn.source_info)
    assert f"test_runtime_observe.py:{scan_line}:" in call_site, call_site  # not scanlint's wrapper
    assert f"test_runtime_observe.py:{sin_line}:" in inside, inside
