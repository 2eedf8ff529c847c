# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 MassBalanceModel.__call__ runs the while_loop itself; the body calls StepCounterMixin.tick, which writes self.steps (a "counters" variable)
"""Glacier mass-balance integrator: steps melt until the snowpack is gone, counting solver steps."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import while_loop


class StepCounterMixin:
    """Adds a solver-step counter to any module that calls setup_counter() in setup."""

    def setup_counter(self):
        self.steps = self.variable("counters", "steps", lambda: jnp.zeros((), jnp.int32))

    def tick(self):
        self.steps.value = self.steps.value + 1


class MassBalanceModel(StepCounterMixin, nn.Module):
    max_steps: int = 20
    dt: float = 0.25

    def setup(self):
        self.setup_counter()
        self.melt_head = nn.Dense(1)

    def __call__(self, climate, snowpack):
        melt_rate = jax.nn.softplus(self.melt_head(climate))[..., 0] + 0.1

        def cond(state):
            i, snow = state
            return (i < self.max_steps) & (snow.max() > 0.0)

        def body(state):
            i, snow = state
            self.tick()
            return i + 1, jnp.maximum(snow - self.dt * melt_rate, 0.0)

        _, remaining = while_loop(cond, body, (0, snowpack))
        return remaining


def main():
    climate = jax.random.normal(jax.random.key(0), (5, 4))
    snowpack = jnp.linspace(0.5, 2.0, 5)
    model = MassBalanceModel()
    variables = model.init(jax.random.key(1), climate, snowpack)
    remaining, state = model.apply(variables, climate, snowpack, mutable=["counters"])
    int(state["counters"]["steps"])
    return None
