"""count_compiles(): calls, traces and XLA compiles per jitted function, with reasons, on the seed
fixtures, the SCN3xx twins and real Flax/optax code."""

from __future__ import annotations

import functools

import flax.linen as nn
import jax
import jax._src.monitoring as jax_monitoring_state
import jax.experimental.compilation_cache.compilation_cache as persistent_cache
import jax.numpy as jnp
import numpy as np
import optax
import pytest
from runtime_helpers import expect_lines, load_fresh

from scanlint.runtime import compiles, count_compiles, observe_scans
from scanlint.runtime.compiles import CountedFunction, _hub

pytestmark = pytest.mark.runtime


def test_seed_pytree_new_values_compile_once_and_new_aux_once_more() -> None:
    with count_compiles() as counts:
        seed = load_fresh("seed_pytree")
        seed.example(seed.Params(jnp.ones(3), 2))
        seed.example(seed.Params(jnp.arange(3.0), 2))
        stats = counts.function(seed.example)
        assert (stats.calls, stats.traces, stats.compiles) == (2, 1, 1)
        seed.example(seed.Params(jnp.ones(3), 3))
    assert isinstance(seed.example, CountedFunction)
    assert (stats.calls, stats.compiles) == (3, 2)
    assert stats.reasons == ["first call", "params (Params aux_data['a']): 2 -> 3"]
    assert stats.path.endswith("seed_pytree.py") and stats.function == "example"
    assert counts.compiles(seed.example) == 2 and counts.calls(seed.example) == 3
    assert counts.findings() == []  # a new hashable aux value is an expected recompile


def test_shape_and_weak_type_changes_are_named_by_path() -> None:
    with count_compiles() as counts:
        seed = load_fresh("seed_pytree")
        seed.example(seed.Params(jnp.ones(3), 2))
        seed.example(seed.Params(jnp.ones(4), 2))
        seed.example(seed.Params(jnp.full(4, 0.5), 2))  # a Python-float fill value: weakly typed
    stats = counts.function(seed.example)
    assert stats.reasons[1:] == ["params.w: float32[3] -> float32[4]", "params.w: float32[4] -> ~float32[4]"]
    assert stats.unexpected == ["params.w: float32[4] -> ~float32[4]"]
    (finding,) = counts.findings()
    assert finding.code == "SCN904" and finding.line == seed.example.__wrapped__.__code__.co_firstlineno


def test_static_argument_change_is_named() -> None:
    with count_compiles() as counts:

        @functools.partial(jax.jit, static_argnames="steps")
        def rollout(x, steps):
            return jax.lax.scan(lambda c, _: (c * 0.5, c), x, None, length=steps)

        rollout(jnp.ones(2), steps=3)
        rollout(jnp.ones(2), steps=3)
        rollout(jnp.ones(2), steps=4)
    stats = counts.function(rollout)
    assert (stats.calls, stats.compiles) == (3, 2)
    assert stats.reasons == ["first call", "static argument steps: 3 -> 4"]
    assert stats.unexpected == []


def test_jitted_method_is_counted_through_the_descriptor() -> None:
    with count_compiles() as counts:

        class Model:
            def __init__(self, scale):
                self.scale = scale

            def __hash__(self):
                return hash(self.scale)

            def __eq__(self, other):
                return isinstance(other, Model) and other.scale == self.scale

            @functools.partial(jax.jit, static_argnums=0)
            def forward(self, x):
                return x * self.scale

        assert float(Model(2.0).forward(jnp.float32(3.0))) == 6.0
        Model(2.0).forward(jnp.float32(4.0))
        Model(3.0).forward(jnp.float32(4.0))
    stats = counts.function(Model.forward)
    assert (stats.calls, stats.compiles) == (3, 2)
    assert stats.reasons[1:] == ["static argument self: Model(scale=2.0) -> Model(scale=3.0)"]


def test_one_element_aux_array_recompiles_per_value_and_is_scn904() -> None:
    with count_compiles() as counts:
        twin = load_fresh("broken_pytree_aux_scalar_array")
        twin.run()
    stats = counts.function(twin.example)
    assert (stats.calls, stats.compiles) == (3, 3)
    assert stats.reasons[1] == "params (Params aux_data['scale']): np array float64[1] [1.] -> np array float64[1] [2.]"
    assert len(stats.unexpected) == 2
    (array,) = stats.metadata_arrays
    assert array.field == "aux_data['scale']"
    assert array.flatten_location.line <= expect_lines("broken_pytree_aux_scalar_array")["SCN301"]
    assert expect_lines("broken_pytree_aux_scalar_array")["SCN301"] <= array.flatten_location.end_line
    assert [f.code for f in counts.findings()] == ["SCN904"]


def test_multi_element_aux_array_error_is_recorded_with_the_field() -> None:
    with count_compiles() as counts:
        twin = load_fresh("broken_pytree_aux_array")
        with pytest.raises(ValueError, match="metadata"):
            twin.run()
    stats = counts.function(twin.example)
    assert (stats.calls, stats.compiles) == (2, 1)
    assert "arrays cannot be passed as metadata fields" in stats.errors[0]
    assert [m.field for m in stats.metadata_arrays] == ["aux_data['mask']"]


def test_flax_struct_static_array_field_is_named() -> None:
    with count_compiles() as counts:
        twin = load_fresh("broken_struct_static_array")
        with pytest.raises(ValueError):
            twin.run()
    (array,) = counts.function(twin.embed).metadata_arrays
    assert (array.field, array.value) == (".table", "jax array float32[3,2]")
    assert array.type_location.contains(array.type_location.path, expect_lines("broken_struct_static_array")["SCN302"])


def test_array_static_argument_is_recorded_at_the_call() -> None:
    with count_compiles() as counts:
        twin = load_fresh("broken_static_argnums_array")
        with pytest.raises(ValueError, match="Non-hashable static arguments"):
            twin.run()
    (static,) = counts.function(twin.rollout_jit).static_arrays
    assert static["argument"] == "decay"
    assert static["call_site"]["line"] == expect_lines("broken_static_argnums_array")["SCN303"]


def test_weak_carry_fed_back_compiles_twice_unless_typed() -> None:
    """The SCN903 trap, measured: a jitted epoch looping over its own scan output."""

    def run(init):
        @jax.jit
        def epoch(state, xs):
            return jax.lax.scan(lambda c, x: (c + x, c), state, xs)[0]

        state = init
        for _ in range(3):
            state = epoch(state, jnp.ones(4))
        return epoch

    with observe_scans() as seen:
        with count_compiles() as weak_counts:
            weak_epoch = run(0.0)
        with count_compiles() as typed_counts:
            typed_epoch = run(jnp.float32(0.0))
    assert weak_counts.function(weak_epoch).compiles == 2
    assert weak_counts.function(weak_epoch).reasons == ["first call", "state: ~float32[] -> float32[]"]
    assert typed_counts.function(typed_epoch).compiles == 1
    assert [f.code for f in seen.findings()] == ["SCN903"]


def test_eval_shape_and_observation_do_not_compile() -> None:
    def body(c, x):
        return jnp.tanh(c + x), c

    def program(c, xs):
        return jax.lax.scan(body, c, xs)

    spec = jax.ShapeDtypeStruct((3,), jnp.float32)
    with count_compiles() as counts, observe_scans() as seen:
        out = jax.eval_shape(program, spec, jax.ShapeDtypeStruct((5, 3), jnp.float32))
    assert out[0].shape == (3,)
    assert counts.total_traces >= 1 and counts.total_compiles == 0
    assert [r.ok for r in seen.scans] == [True]


def test_functions_jitted_before_the_window_are_counted_by_name() -> None:
    @jax.jit
    def early_bound_function(x):
        return x + 1

    with count_compiles() as counts:
        early_bound_function(jnp.ones(2))
        early_bound_function(jnp.ones(2))
    assert counts.compiles(early_bound_function) == 1
    assert counts.compiles("jit(early_bound_function)") == 1
    assert counts.calls(early_bound_function) is None  # not proxied: calls are unknown


def test_listeners_and_jit_are_restored_after_the_last_window() -> None:
    with count_compiles() as outer:
        with count_compiles() as inner:
            f = jax.jit(lambda x: x * 2)
            f(jnp.ones(2))
        f(jnp.ones(3))
        assert jax.jit is not compiles._ORIGINAL_JIT
    assert (inner.compiles(f), outer.compiles(f)) == (1, 2)
    assert jax.jit is compiles._ORIGINAL_JIT
    assert _hub.on_duration not in jax_monitoring_state.get_event_duration_listeners()
    assert _hub.on_event not in jax_monitoring_state.get_event_listeners()
    f(jnp.ones(4))  # still works once no window is open


# --- real library code ------------------------------------------------------------------------


@pytest.mark.parametrize("cell_type", [nn.LSTMCell, nn.GRUCell])
def test_flax_rnn_apply_with_fresh_params_compiles_once(cell_type) -> None:
    model = nn.RNN(cell_type(features=8))
    xs = jnp.ones((2, 5, 4))
    init = jax.jit(model.init)  # one compile instead of many eager ones: keeps the test fast
    params = [init(jax.random.PRNGKey(seed), xs) for seed in range(3)]
    with count_compiles() as counts, observe_scans() as seen:
        apply = jax.jit(model.apply)
        outputs = [apply(p, xs) for p in params]
    stats = counts.function(apply)
    assert (stats.calls, stats.traces, stats.compiles) == (3, 1, 1)
    assert stats.reasons == ["first call"] and counts.findings() == []
    assert outputs[0].shape == (2, 5, 8)
    assert seen.scans and all(r.ok and r.library for r in seen.scans)  # nn.RNN scans inside Flax


def test_optax_update_inside_scan_with_fresh_params_compiles_once() -> None:
    optimizer = optax.adam(1e-2)

    def loss(params, x):
        return jnp.sum((params["w"] * x + params["b"]) ** 2)

    def step(carry, x):
        params, state = carry
        grads = jax.grad(loss)(params, x)
        updates, state = optimizer.update(grads, state, params)
        return (optax.apply_updates(params, updates), state), loss(params, x)

    def train(params, xs):
        (params, _), losses = jax.lax.scan(step, (params, optimizer.init(params)), xs)
        return params, losses

    xs = jnp.ones((6, 3))
    keys = jax.random.split(jax.random.PRNGKey(0), 3)
    fresh = [{"w": jax.random.normal(k, (3,)), "b": jnp.zeros(3)} for k in keys]
    with count_compiles() as counts, observe_scans() as seen:
        train_jit = jax.jit(train)
        results = [train_jit(p, xs) for p in fresh]
    stats = counts.function(train_jit)
    assert (stats.calls, stats.compiles, stats.reasons) == (3, 1, ["first call"])
    (scan,) = seen.scans
    assert scan.ok and scan.carry_in == scan.carry_out
    assert "count" in scan.carry_in or "int32[]" in scan.carry_in  # adam's step counter is carried
    assert not np.allclose(results[0][0]["w"], results[1][0]["w"])


def test_persistent_cache_hits_are_not_counted_as_compiles(tmp_path) -> None:
    settings = {
        "jax_compilation_cache_dir": str(tmp_path),
        "jax_persistent_cache_min_compile_time_secs": 0.0,
        "jax_persistent_cache_min_entry_size_bytes": -1,
    }
    saved = {name: getattr(jax.config, name) for name in settings}
    hits = []

    def count_hits(event, **kwargs):
        if event == "/jax/compilation_cache/cache_hits":
            hits.append(event)

    jax.monitoring.register_event_listener(count_hits)
    try:
        for name, value in settings.items():
            jax.config.update(name, value)
        with count_compiles() as counts:
            for _ in range(2):  # the second wrapper is compiled from the persistent cache
                step = jax.jit(lambda x: jnp.sin(x) * 3.0)
                step(jnp.ones(3))
    finally:
        jax.monitoring.unregister_event_listener(count_hits)
        for name, value in saved.items():
            jax.config.update(name, value)
        # The cache stays open at its directory until reset: later tests in this process would
        # load their compiles from it.
        persistent_cache.reset_cache()
    stats = counts.function(step)
    assert len(hits) == 1  # the ground truth: JAX loaded one compile from the cache
    assert (stats.wrappers, stats.compiles) == (2, 1)
    assert counts.by_name["<lambda>"].cache_hits == 1 and counts.by_name["<lambda>"].compiles == 1
