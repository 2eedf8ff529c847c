"""Hypothesis strategies and property checks: pytrees_like, carries_like, check_carry_invariant,
assert_compiles_once; and the jaxpr walker scans_in."""

from __future__ import annotations

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
import pytest
from hypothesis import given
from runtime_helpers import deterministic, line_of, load_fresh

from scanlint.runtime import (
    CarryNotInvariant,
    RecompileError,
    assert_compiles_once,
    carries_like,
    check_carry_invariant,
    count_compiles,
    pytrees_like,
    scans_in,
)
from scanlint.runtime.avals import typed_leaves

pytestmark = pytest.mark.runtime

EXAMPLE = {
    "h": jnp.zeros(4),
    "W": jnp.ones((4, 4)),
    "n": jnp.int32(0),
    "weak": jnp.full(2, 0.5),
    "np": np.zeros(3, np.float32),
    "lr": 0.1,
    "steps": 3,
}


@deterministic(30)
@given(pytrees_like(EXAMPLE))
def test_pytrees_like_keeps_structure_and_types(drawn) -> None:
    assert typed_leaves(drawn) == typed_leaves(EXAMPLE)
    assert isinstance(drawn["np"], np.ndarray) and isinstance(drawn["h"], jax.Array)
    assert type(drawn["lr"]) is float and type(drawn["steps"]) is int
    assert jax.typeof(drawn["weak"]).weak_type
    assert all(bool(jnp.all(jnp.isfinite(leaf))) for leaf in jax.tree_util.tree_leaves(drawn))


def test_pytrees_like_draws_new_values_and_fresh_metadata_arrays() -> None:
    twin = load_fresh("broken_pytree_aux_array")
    example = twin.Params(jnp.zeros(3), 2, np.ones(3))
    seen = []

    @deterministic(10)
    @given(pytrees_like(example))
    def collect(drawn) -> None:
        assert drawn.mask is not example.mask and np.array_equal(drawn.mask, example.mask)
        assert drawn.a == 2
        seen.append(np.asarray(drawn.w))

    collect()
    assert len({tuple(w) for w in seen}) > 1


@deterministic(30)
@given(carries_like(EXAMPLE))
def test_carries_like_renames_sizes_consistently_within_dtype_families(specs) -> None:
    (size,) = specs["h"].shape
    assert specs["W"].shape == (size, size) and 2 <= size <= 6
    assert specs["h"].dtype == specs["W"].dtype  # one example dtype -> one drawn dtype
    assert specs["h"].dtype.name in ("float32", "float16", "bfloat16")
    assert specs["n"].dtype.name in ("int32", "int16", "int8")
    assert specs["weak"].weak_type and not specs["h"].weak_type
    assert specs["steps"].shape == () and specs["steps"].weak_type


def test_carries_like_with_declared_dtypes_and_fixed_shapes() -> None:
    @deterministic(15)
    @given(carries_like(EXAMPLE, dtypes=[jnp.float32, jnp.bfloat16], vary_shapes=False))
    def check(specs) -> None:
        assert specs["W"].shape == (4, 4)
        assert specs["h"].dtype.name in ("float32", "bfloat16")

    check()


def rnn_body(carry, x):
    new = jnp.tanh(carry["W"] @ carry["h"] + x)
    return {"h": new, "W": carry["W"]}, new


def test_carry_invariant_holds_for_a_well_typed_body() -> None:
    check_carry_invariant(rnn_body, {"h": jnp.zeros(4), "W": jnp.eye(4)}, jnp.zeros(4))


def test_carry_invariant_holds_for_a_flax_lstm_cell_at_its_own_dtype() -> None:
    cell = nn.LSTMCell(features=4)
    carry = cell.initialize_carry(jax.random.PRNGKey(0), (2, 3))
    params = cell.init(jax.random.PRNGKey(1), carry, jnp.zeros((2, 3)))
    check_carry_invariant(
        lambda c, x: cell.apply(params, c, x), carry, jnp.zeros((2, 3)), vary_shapes=False, dtypes=[jnp.float32]
    )


def mixes_in_float32(carry, x):
    return carry + jnp.float32(1.0), x


def test_carry_invariant_fails_with_a_shrunk_counterexample() -> None:
    check_carry_invariant(mixes_in_float32, jnp.zeros(5), jnp.zeros(()))  # float32 carries are kept
    with pytest.raises(CarryNotInvariant) as failure:
        check_carry_invariant(mixes_in_float32, jnp.zeros(5), jnp.zeros(()), dtypes=[jnp.float32, jnp.float16, jnp.bfloat16])
    carry, _ = failure.value.counterexample
    assert carry.shape == (2,)  # shrunk to the smallest renamed size
    assert carry.dtype.name in ("float16", "bfloat16")
    assert [c.kind for c in failure.value.changes] == ["dtype"]
    finding = failure.value.finding
    assert finding.code == "SCN901" and finding.line == mixes_in_float32.__code__.co_firstlineno
    assert f"carry: {carry.dtype.name}[2] -> float32[2]" in str(failure.value)


HIDDEN, INPUT = 4, 3


def closed_over_rnn_cell(dtype=jnp.float32):
    keys = jax.random.split(jax.random.PRNGKey(0), 2)
    w = jax.random.normal(keys[0], (HIDDEN, HIDDEN), dtype)
    u = jax.random.normal(keys[1], (INPUT, HIDDEN), dtype)

    def cell(h, x):
        h = jnp.tanh(h @ w + x @ u)
        return h, h

    return cell


def closed_over_lstm_cell():
    cell = nn.LSTMCell(features=HIDDEN)
    carry = cell.initialize_carry(jax.random.PRNGKey(0), (2, INPUT))
    params = cell.init(jax.random.PRNGKey(1), carry, jnp.zeros((2, INPUT)))
    return (lambda c, x: cell.apply(params, c, x)), carry


def test_the_defaults_pass_standard_rnn_and_lstm_cells_that_jax_accepts() -> None:
    rnn = closed_over_rnn_cell()
    h, xs = jnp.zeros(HIDDEN), jnp.ones((5, INPUT))
    jax.jit(lambda h, xs: jax.lax.scan(rnn, h, xs))(h, xs)  # the ground truth: JAX accepts the cell
    check_carry_invariant(rnn, h, xs[0])

    lstm, carry = closed_over_lstm_cell()
    jax.jit(lambda c, xs: jax.lax.scan(lstm, c, xs))(carry, jnp.ones((5, 2, INPUT)))
    check_carry_invariant(lstm, carry, jnp.zeros((2, INPUT)))


def test_the_defaults_still_find_drift_that_jax_rejects() -> None:
    rnn = closed_over_rnn_cell()

    def drifting(h, x):
        h, y = rnn(h, x)
        return h.astype(jnp.bfloat16), y

    h, xs = jnp.zeros(HIDDEN), jnp.ones((5, INPUT))
    with pytest.raises(TypeError, match="carry input and carry output must have equal types"):
        jax.lax.scan(drifting, h, xs)  # the ground truth
    with pytest.raises(CarryNotInvariant, match="float32\\[4\\] -> bfloat16\\[4\\]"):
        check_carry_invariant(drifting, h, xs[0])


def test_a_float16_carry_promoted_by_float32_weights_fails_only_when_asked_for() -> None:
    rnn = closed_over_rnn_cell()
    check_carry_invariant(rnn, jnp.zeros(HIDDEN), jnp.zeros(INPUT))
    with pytest.raises(CarryNotInvariant, match="float16\\[4\\] -> float32\\[4\\]"):
        check_carry_invariant(rnn, jnp.zeros(HIDDEN), jnp.zeros(INPUT), dtypes=[jnp.float32, jnp.float16])


def test_carry_invariant_reports_a_body_that_is_not_a_pair() -> None:
    with pytest.raises(CarryNotInvariant, match="not a \\(carry, out\\) pair") as failure:
        check_carry_invariant(lambda c, x: c + x, jnp.zeros(3), jnp.zeros(3))
    assert failure.value.finding.code == "SCN902"


def test_carry_invariant_checks_compile_nothing() -> None:
    carry, x = {"h": jnp.zeros(3), "W": jnp.eye(3)}, jnp.zeros(3)  # built outside: eager ops compile
    with count_compiles() as counts:
        check_carry_invariant(rnn_body, carry, x, max_examples=15)
    assert counts.total_traces > 1 and counts.total_compiles == 0


def test_seed_example_compiles_once_for_fresh_params() -> None:
    seed = load_fresh("seed_pytree")
    assert_compiles_once(seed.example, (seed.Params(jnp.ones(3), 2),))


def test_flax_rnn_and_optax_scan_compile_once_for_fresh_values() -> None:
    model = nn.RNN(nn.GRUCell(features=4))
    xs = jnp.ones((2, 3, 2))
    variables = jax.jit(model.init)(jax.random.PRNGKey(0), xs)
    assert_compiles_once(jax.jit(model.apply), (variables, xs), max_examples=8)

    optimizer = optax.sgd(0.1)

    def train(params, xs):
        def step(carry, x):
            p, state = carry
            grads = jax.grad(lambda q: jnp.sum((q * x) ** 2))(p)
            updates, state = optimizer.update(grads, state, p)
            return (optax.apply_updates(p, updates), state), jnp.sum(p)

        return jax.lax.scan(step, (params, optimizer.init(params)), xs)

    assert_compiles_once(jax.jit(train), (jnp.ones(3), jnp.ones((4, 3))), max_examples=8)


def test_metadata_array_twin_fails_deterministically() -> None:
    twin = load_fresh("broken_pytree_aux_array")
    messages = []
    for _ in range(2):
        with pytest.raises(RecompileError) as failure:
            assert_compiles_once(twin.example, (twin.Params(jnp.ones(3), 2, np.ones(3)),), max_examples=5)
        messages.append(str(failure.value))
    assert messages[0] == messages[1]
    assert "arrays cannot be passed as metadata fields" in failure.value.reason
    assert failure.value.finding.code == "SCN904"


class Signed:
    """A pytree whose flatten derives its metadata from the leaf's values: new values retrace."""

    def __init__(self, w):
        self.w = w


jax.tree_util.register_pytree_node(
    Signed,
    lambda s: ((s.w,), "positive" if float(np.sum(s.w)) >= 0 else "negative"),
    lambda aux, children: Signed(children[0]),
)


def test_value_dependent_metadata_retrace_is_caught_and_shrunk() -> None:
    @jax.jit
    def scale(s):
        return s.w * 2

    with pytest.raises(RecompileError) as failure:
        assert_compiles_once(scale, (Signed(jnp.ones(2)),))
    assert failure.value.reason == "s (Signed aux_data): 'positive' -> 'negative'"


def test_scans_in_walks_nested_and_jax_emitted_scans() -> None:
    seed_flax = load_fresh("seed_flax")
    model = seed_flax.LaxScanModule(hidden=5, T=4)
    variables = model.init(jax.random.PRNGKey(0), jnp.ones(5))
    (scan,) = scans_in(model.apply, variables, jnp.ones(5))
    assert (scan.carry_in, scan.carry_out, scan.length, scan.ok) == (("float32[5]",), ("float32[5]",), 4, True)
    assert scan.call_site.endswith(f"seed_flax.py:{line_of('seed_flax', 'jax.lax.scan(body')}:19 (LaxScanModule.__call__)")
    assert scan.body.startswith("body at ")

    def program(c):
        c = jax.lax.fori_loop(0, 3, lambda i, v: v * 2.0, c)  # JAX lowers this to a scan itself
        return jax.lax.map(jnp.sin, c)

    assert len(scans_in(program, jax.ShapeDtypeStruct((3,), jnp.float32))) == 2
