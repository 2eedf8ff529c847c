"""The static/runtime join: confirmed, refuted, not-reached, and runtime-only findings, in process."""

from __future__ import annotations

import functools
import inspect

import jax
import jax.numpy as jnp
import pytest
from runtime_helpers import FIXTURES, expect_lines, line_of, load_fresh

from scanlint.findings import Finding
from scanlint.runtime import count_compiles, observe_scans
from scanlint.runtime.join import CONFIRMED, NOT_REACHED, REFUTED, Observation, join

pytestmark = pytest.mark.runtime

BROKEN = {
    "broken_linen_dense_in_scan": "SCN101",
    "broken_linen_param_in_scan": "SCN102",
    "broken_linen_make_rng_in_scan": "SCN103",
    "broken_linen_submodule_in_scan": "SCN104",
    "broken_nnx_mutation_in_scan": "SCN105",
    "broken_scan_returns_carry": "SCN201",
    "broken_scan_dtype_drift": "SCN203",
    "broken_scan_shape_drift": "SCN204",
    "broken_scan_structure_drift": "SCN207",
    "broken_while_cond_not_bool": "SCN208",
    "broken_fori_loop_returns_pair": "SCN205",
    "broken_pytree_aux_array": "SCN301",
    "broken_pytree_aux_scalar_array": "SCN301",
    "broken_struct_static_array": "SCN302",
    "broken_static_argnums_array": "SCN303",
}


def finding_at(name: str, line: int, code: str) -> Finding:
    return Finding(str(FIXTURES / f"{name}.py"), line, 1, line, 1, code, "rule", "message")


def observe(run) -> Observation:
    with count_compiles() as counts, observe_scans() as seen:
        try:
            run()
        except Exception:
            pass
    return Observation.collect(seen, counts)


def run_fresh(name: str):
    return lambda: load_fresh(name).run()


@functools.cache
def observed_twin(name: str) -> Observation:
    """Each broken twin runs once for all the tests below (the join does not change the data)."""
    return observe(run_fresh(name))


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_expect_marker_of_each_broken_twin_is_confirmed(name: str) -> None:
    code = BROKEN[name]
    observation = observed_twin(name)
    verdicts = join([finding_at(name, expect_lines(name)[code], code)], observation)
    static = [v for v in verdicts if v.origin == "static"]
    assert [(v.finding.code, v.runtime) for v in static] == [(code, CONFIRMED)], static[0].evidence
    assert [v for v in verdicts if v.origin == "runtime"] == []  # repeats of the static finding are dropped


def test_evidence_names_what_was_seen() -> None:
    observation = observed_twin("broken_scan_dtype_drift")
    (verdict,) = join([finding_at("broken_scan_dtype_drift", 13, "SCN203")], observation)
    assert verdict.evidence.startswith("carry: int32[] -> ~float32[] (")
    observation = observed_twin("broken_linen_make_rng_in_scan")
    (verdict,) = join([finding_at("broken_linen_make_rng_in_scan", 18, "SCN103")], observation)
    assert verdict.evidence.startswith("make_rng('noise') drawn once at trace time")


def test_code_that_ran_fine_refutes_the_finding() -> None:
    seed_flax = load_fresh("seed_flax")
    body_line = line_of("seed_flax", "new = jnp.tanh(carry @ W)")
    observation = observe(lambda: seed_flax.lax_scan_in_module(0, jnp.ones(3), 3, 2))
    verdicts = join([finding_at("seed_flax", body_line, "SCN203"), finding_at("seed_flax", body_line, "SCN102")], observation)
    assert [v.runtime for v in verdicts] == [REFUTED, REFUTED]
    assert "float32[3] -> float32[3]" in verdicts[0].evidence


def test_pytree_class_without_array_metadata_refutes_scn301() -> None:
    def run():
        seed = load_fresh("seed_pytree")
        seed.example(seed.Params(jnp.ones(3), 2))

    flatten_line = line_of("seed_pytree", 'return (params.w,), {"a": params.a}')
    (verdict,) = join([finding_at("seed_pytree", flatten_line, "SCN301")], observe(run))
    assert verdict.runtime == REFUTED


def test_hashable_static_argument_refutes_scn303() -> None:
    call_line = 0

    def run():
        nonlocal call_line
        twin = load_fresh("broken_static_argnums_array")
        call_line = inspect.currentframe().f_lineno + 1
        twin.rollout_jit(jnp.ones(3), 0.5)

    observation = observe(run)
    here = Finding(__file__, call_line, 1, call_line, 1, "SCN303", "rule", "message")
    fixture_line = line_of("broken_static_argnums_array", "return rollout_jit(x, jnp.ones(3))")
    elsewhere = finding_at("broken_static_argnums_array", fixture_line, "SCN303")
    verdicts = {v.finding.path: v.runtime for v in join([here, elsewhere], observation)}
    assert verdicts == {__file__: REFUTED, elsewhere.path: NOT_REACHED}


def test_unrun_code_is_not_reached() -> None:
    observation = observed_twin("broken_scan_shape_drift")
    verdicts = join([finding_at("broken_scan_dtype_drift", 13, "SCN203")], observation)
    assert [v.runtime for v in verdicts if v.origin == "static"] == [NOT_REACHED]


def test_mismatch_without_a_static_finding_is_runtime_only() -> None:
    observation = observed_twin("broken_scan_dtype_drift")
    (verdict,) = join([], observation)
    assert (verdict.finding.code, verdict.runtime, verdict.origin) == ("SCN901", CONFIRMED, "runtime")
    assert "carry: int32[] -> ~float32[]" in verdict.finding.message


def test_weak_type_recompile_is_runtime_only() -> None:
    def run():
        epoch = jax.jit(lambda state, xs: jax.lax.scan(lambda c, x: (c + x, c), state, xs)[0])
        state = 0.0
        for _ in range(2):
            state = epoch(state, jnp.ones(3))

    codes = sorted(v.finding.code for v in join([], observe(run)))
    assert codes == ["SCN903", "SCN904"]


def test_static_engine_findings_on_the_fixtures_are_all_confirmed() -> None:
    """The real static engine's findings for every broken twin, joined with real runs."""
    from scanlint.api import check_paths

    for name, code in sorted(BROKEN.items()):
        static = [f for f in check_paths([str(FIXTURES / f"{name}.py")]) if f.code.startswith("SCN")]
        verdicts = join(static, observed_twin(name))
        assert {(v.finding.code, v.runtime) for v in verdicts} == {(code, CONFIRMED)}, name
