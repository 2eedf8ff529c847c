"""Run the fixtures with real JAX/Flax on CPU: the seeds work, each broken twin fails as its docstring says."""

from __future__ import annotations

import contextlib
import importlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

jax = pytest.importorskip("jax")
pytest.importorskip("flax")

import flax.errors  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402

pytestmark = pytest.mark.runtime

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
BACKEND_COMPILE = "/jax/core/compile/backend_compile_duration"
EXPECT = re.compile(r"#\s*expect:\s*(SCN\d{3})\b")


@contextlib.contextmanager
def count_compiles(name: str) -> Iterator[list[str]]:
    """Collect the XLA backend compilations of jitted functions whose name contains `name`."""
    seen: list[str] = []

    def listener(event: str, duration: float, **kwargs: object) -> None:
        fun_name = str(kwargs.get("fun_name", ""))
        if event == BACKEND_COMPILE and name in fun_name:
            seen.append(fun_name)

    jax.monitoring.register_event_duration_secs_listener(listener)
    try:
        yield seen
    finally:
        jax.monitoring.unregister_event_duration_listener(listener)


def expected_codes(module_name: str) -> list[str]:
    text = (FIXTURES / f"{module_name}.py").read_text()
    return EXPECT.findall(text)


# --- the fixture set itself ---------------------------------------------------------------------

BROKEN = {
    "broken_linen_dense_in_scan": ["SCN101"],
    "broken_linen_param_in_scan": ["SCN102"],
    "broken_linen_make_rng_in_scan": ["SCN103"],
    "broken_linen_submodule_in_scan": ["SCN104"],
    "broken_nnx_mutation_in_scan": ["SCN105"],
    "broken_scan_returns_carry": ["SCN201"],
    "broken_scan_dtype_drift": ["SCN203"],
    "broken_scan_shape_drift": ["SCN204"],
    "broken_fori_loop_returns_pair": ["SCN205"],
    "broken_scan_structure_drift": ["SCN207"],
    "broken_while_cond_not_bool": ["SCN208"],
    "broken_pytree_aux_array": ["SCN301"],
    "broken_pytree_aux_scalar_array": ["SCN301"],
    "broken_struct_static_array": ["SCN302"],
    "broken_static_argnums_array": ["SCN303"],
}
CLEAN = ["seed_pytree", "seed_flax", "linen_submodule_called_first"]


def test_every_fixture_file_is_accounted_for() -> None:
    on_disk = {path.stem for path in FIXTURES.glob("*.py")}
    assert on_disk == set(BROKEN) | set(CLEAN)


@pytest.mark.parametrize("module_name", sorted(BROKEN))
def test_broken_twin_marks_its_expected_findings(module_name: str) -> None:
    assert expected_codes(module_name) == BROKEN[module_name]
    module = importlib.import_module(module_name)
    assert callable(module.run)
    assert module.__doc__ and module.__doc__.strip()


@pytest.mark.parametrize("module_name", CLEAN)
def test_clean_fixture_has_no_expect_marker(module_name: str) -> None:
    assert expected_codes(module_name) == []
    assert importlib.import_module(module_name).__doc__


# --- seeds --------------------------------------------------------------------------------------


def test_seed_pytree_compiles_once_per_static_value() -> None:
    from seed_pytree import Params, example

    example.clear_cache()
    with count_compiles("example") as first:
        final, ys = example(Params(jnp.ones(3), 7))
        jax.block_until_ready((final, ys))
        example(Params(jax.random.normal(jax.random.PRNGKey(1), (3,)), 7))
    assert len(first) == 1
    assert final.shape == (3,)
    assert ys.shape == (5,)

    with count_compiles("example") as second:
        example(Params(jnp.zeros(3), 8))
        example(Params(jnp.ones(3), 8))
    assert len(second) == 1


def test_seed_pytree_weakly_typed_leaf_is_a_new_signature() -> None:
    from seed_pytree import Params, example

    example.clear_cache()
    weak = jnp.full(3, 0.5)  # a Python-float fill value gives a weakly typed float32 leaf
    assert jax.typeof(weak).weak_type and not jax.typeof(jnp.ones(3)).weak_type
    with count_compiles("example") as compiles:
        example(Params(jnp.ones(3), 7))
        example(Params(weak, 7))
    assert len(compiles) == 2


def test_seed_pytree_flattens_array_as_leaf_and_int_as_aux() -> None:
    from seed_pytree import Params

    params = Params(jnp.arange(3.0), 2)
    leaves, treedef = jax.tree_util.tree_flatten(params)
    assert len(leaves) == 1 and leaves[0] is params.w
    rebuilt = jax.tree_util.tree_unflatten(treedef, leaves)
    assert isinstance(rebuilt, Params) and rebuilt.a == 2


def test_seed_pytree_matches_a_python_loop() -> None:
    from seed_pytree import Params, example

    params = Params(jnp.array([0.1, -0.2, 0.3]), 2)
    final, ys = example(params)
    carry = jnp.zeros(3)
    expected = []
    for x in np.arange(5, dtype=np.float32):
        carry, y = params.one_step(carry, x)
        expected.append(y)
    np.testing.assert_allclose(final, carry, rtol=1e-6)
    np.testing.assert_allclose(ys, jnp.stack(expected), rtol=1e-6)


def test_seed_flax_init_and_apply() -> None:
    from seed_flax import LaxScanModule, lax_scan_in_module

    x = jnp.ones(5)
    out = lax_scan_in_module(0, x, hidden=5, T=3)
    assert out.shape == (5,)
    assert bool(jnp.all(jnp.isfinite(out)))

    model = LaxScanModule(hidden=5, T=3)
    variables = jax.jit(model.init)(jax.random.PRNGKey(0), x)
    assert jax.tree_util.tree_map(jnp.shape, variables) == {"params": {"W": (5, 5)}}
    assert not any(isinstance(leaf, jax.core.Tracer) for leaf in jax.tree_util.tree_leaves(variables))
    np.testing.assert_allclose(jax.jit(model.apply)(variables, x), model.apply(variables, x), rtol=1e-6)


# --- 1xx: Flax state inside raw scan bodies -----------------------------------------------------


def _linen_models():
    import broken_linen_dense_in_scan
    import broken_linen_param_in_scan
    import broken_linen_submodule_in_scan

    return {
        "dense": broken_linen_dense_in_scan.DenseRNN(features=4),
        "param": broken_linen_param_in_scan.ParamRNN(hidden=4),
        "submodule": broken_linen_submodule_in_scan.CellRNN(hidden=4),
    }


@pytest.mark.parametrize("kind", ["dense", "param", "submodule"])
def test_linen_state_in_scan_init_leaks_then_apply_raises(kind: str) -> None:
    model = _linen_models()[kind]
    xs = jnp.ones((3, 4))
    variables = model.init(jax.random.PRNGKey(0), xs)  # no error here
    leaves = jax.tree_util.tree_leaves(variables)
    assert leaves and all(isinstance(leaf, jax.core.Tracer) for leaf in leaves)
    with pytest.raises(jax.errors.UnexpectedTracerError):
        model.apply(variables, xs)
    with pytest.raises(jax.errors.UnexpectedTracerError):
        jax.jit(model.init)(jax.random.PRNGKey(0), xs)


@pytest.mark.parametrize(
    "module_name",
    ["broken_linen_dense_in_scan", "broken_linen_param_in_scan", "broken_linen_submodule_in_scan"],
)
def test_linen_state_in_scan_run_raises(module_name: str) -> None:
    with pytest.raises(jax.errors.UnexpectedTracerError, match="unexpected tracer"):
        importlib.import_module(module_name).run()


def test_linen_make_rng_in_scan_reuses_one_key() -> None:
    import broken_linen_make_rng_in_scan

    final, noises = broken_linen_make_rng_in_scan.run()
    assert noises.shape == (4, 3)
    assert not bool(jnp.all(noises == 0))
    for row in noises[1:]:
        np.testing.assert_array_equal(row, noises[0])
    np.testing.assert_allclose(final, 4 * noises[0], rtol=1e-6)


def test_linen_submodule_called_first_works() -> None:
    import linen_submodule_called_first

    final, hs = linen_submodule_called_first.run()
    assert final.shape == (4,)
    assert hs.shape == (2, 4)
    model = linen_submodule_called_first.CellRNN(hidden=4)
    variables = model.init(jax.random.PRNGKey(0), jnp.ones((3, 4)))
    assert not any(isinstance(leaf, jax.core.Tracer) for leaf in jax.tree_util.tree_leaves(variables))


def test_nnx_mutation_in_scan_raises_trace_context_error() -> None:
    import broken_nnx_mutation_in_scan

    with pytest.raises(flax.errors.TraceContextError, match="different trace level"):
        broken_nnx_mutation_in_scan.run()


# --- 2xx: the (carry, out) contract and carry drift ---------------------------------------------


def test_scan_body_returning_carry_alone_raises() -> None:
    import broken_scan_returns_carry

    with pytest.raises(TypeError, match="scan body output must be a pair"):
        broken_scan_returns_carry.run()


def test_scan_int_carry_plus_float_raises() -> None:
    import broken_scan_dtype_drift

    with pytest.raises(TypeError, match="carry input and carry output must have equal types") as info:
        broken_scan_dtype_drift.run()
    assert "int32[] but the corresponding output carry component has type float32[]" in str(info.value)


def test_scan_growing_carry_raises() -> None:
    import broken_scan_shape_drift

    with pytest.raises(TypeError, match="carry input and carry output must have equal types") as info:
        broken_scan_shape_drift.run()
    assert "shapes do not match" in str(info.value)


def test_fori_loop_body_returning_pair_raises() -> None:
    import broken_fori_loop_returns_pair

    with pytest.raises(TypeError, match="must have the same pytree structure"):
        broken_fori_loop_returns_pair.run()


def test_scan_carry_gaining_a_key_raises() -> None:
    import broken_scan_structure_drift

    with pytest.raises(TypeError, match="must have the same pytree structure"):
        broken_scan_structure_drift.run()


def test_while_loop_cond_returning_a_counter_raises() -> None:
    import broken_while_cond_not_bool

    with pytest.raises(TypeError, match="cond_fun must return a boolean scalar"):
        broken_while_cond_not_bool.run()


# --- 3xx: arrays in static pytree metadata ------------------------------------------------------


def test_aux_array_same_object_hits_cache_new_object_raises() -> None:
    from broken_pytree_aux_array import Params, example, run

    example.clear_cache()
    mask = np.ones(3)
    with count_compiles("example") as compiles:
        example(Params(jnp.ones(3), 2, mask))
        example(Params(jnp.zeros(3), 2, mask))  # same mask object: silent cache hit
    assert len(compiles) == 1
    with pytest.raises(ValueError, match="arrays cannot be passed as metadata fields"):
        example(Params(jnp.ones(3), 2, np.ones(3)))
    with pytest.raises(ValueError, match="metadata"):
        run()


def test_aux_one_element_array_recompiles_per_value() -> None:
    from broken_pytree_aux_scalar_array import Params, example, run

    example.clear_cache()
    w = jnp.ones(3)
    with count_compiles("example") as compiles:
        for scale in (1.0, 2.0, 3.0):
            example(Params(w, np.array([scale])))
    assert len(compiles) == 3
    with count_compiles("example") as again:
        example(Params(w, np.array([2.0])))  # a value seen before, as a new object: cache hit
    assert again == []

    example.clear_cache()
    with count_compiles("example") as via_run:
        results = run()
    assert len(via_run) == 3
    assert [float(r[0]) for r in results] == pytest.approx([0.9999, 1.99998, 2.999995], rel=1e-4)


def test_struct_static_array_field_raises_under_jit() -> None:
    from broken_struct_static_array import Embedder, embed, run

    ids = jnp.array([0, 2, 1])
    table = jnp.ones((3, 2))
    leaves = jax.tree_util.tree_leaves(Embedder(scale=jnp.float32(1.0), table=table))
    assert len(leaves) == 1  # the table is metadata, not a leaf
    embed(Embedder(scale=jnp.float32(1.0), table=table), ids)
    embed(Embedder(scale=jnp.float32(2.0), table=table), ids)  # same table object: cache hit
    with pytest.raises(ValueError, match="arrays cannot be passed as metadata fields"):
        run()


def test_static_argnums_array_raises() -> None:
    import broken_static_argnums_array

    with pytest.raises(ValueError, match="Non-hashable static arguments are not supported"):
        broken_static_argnums_array.run()
    final, ys = broken_static_argnums_array.rollout_jit(jnp.ones(3), 0.5)  # a hashable float is fine
    np.testing.assert_allclose(final, jnp.full(3, 0.5**4))
