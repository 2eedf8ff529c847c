# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "inspections" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the CastingMonitor keeps the model and its variables as attributes; the while_loop body calls self.model.apply(self.variables, ...) and the model bumps its "counters" collection, which apply was not told is mutable
"""Bell foundry: a casting monitor re-inspects a bell until its predicted tuning error is small enough."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class TuningInspector(nn.Module):
    @nn.compact
    def __call__(self, partials):
        inspections = self.variable("counters", "inspections", lambda: jnp.zeros((), jnp.int32))
        if not self.is_initializing():
            inspections.value = inspections.value + 1
        h = nn.tanh(nn.Dense(8, name="partials")(partials))
        return jnp.abs(nn.Dense(1, name="cents_off")(h))[..., 0]


class CastingMonitor:
    def __init__(self, model, variables, tolerance=0.05, max_passes=6):
        self.model = model
        self.variables = variables
        self.tolerance = tolerance
        self.max_passes = max_passes

    def tune(self, partials):
        def keep_tuning(state):
            passes, error, _ = state
            return (passes < self.max_passes) & (error > self.tolerance)

        def grind(state):
            passes, _, shape = state
            error = self.model.apply(self.variables, shape)
            return passes + 1, error, shape * 0.97

        init = (0, jnp.asarray(1.0), partials)
        return lax.while_loop(keep_tuning, grind, init)


def main():
    model = TuningInspector()
    partials = jnp.array([0.5, 1.0, 1.2, 1.5, 2.0, 2.5])
    variables = model.init(jax.random.key(0), partials)
    monitor = CastingMonitor(model, variables)
    passes, error, _ = monitor.tune(partials)
    jax.block_until_ready((passes, error))
    return None
