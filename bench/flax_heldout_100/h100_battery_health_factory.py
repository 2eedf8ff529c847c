# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_step factory closes over model.bind(variables, mutable=['history']); the step runs in the scan body and the history is read after the loop
"""State-of-health estimator for a fleet of EV battery packs.

A factory builds the per-cycle step function for a pack; the estimator keeps the last
capacity estimates in a 'history' collection which the fleet report reads.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class SohEstimator(nn.Module):
    window: int = 4

    @nn.compact
    def __call__(self, cycle):
        hist = self.variable("history", "capacity", lambda: jnp.ones((self.window,)))
        cap = nn.sigmoid(nn.Dense(1)(jnp.concatenate([cycle, hist.value])))[0]
        hist.value = jnp.roll(hist.value, 1).at[0].set(cap)
        return cap


def make_step(model, variables):
    bound = model.bind(variables, mutable=["history"])

    def step(fade, cycle):
        cap = bound(cycle)
        return fade + (1.0 - cap), cap

    def history():
        return bound.variables["history"]["capacity"]

    return step, history


class FleetReport:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def pack(self, cycles):
        step, history = make_step(self.model, self.variables)
        fade, _ = jax.lax.scan(step, jnp.zeros(()), cycles)
        return fade, jnp.mean(history())


def main():
    model = SohEstimator()
    cycles = jax.random.normal(jax.random.key(8), (30, 5))
    variables = model.init(jax.random.key(9), cycles[0])
    FleetReport(model, variables).pack(cycles)
    return None
