# label: ok
# flax-error: none
# class: 5 make_step factory closes over model.apply; the 'history' collection goes through the carry and leaves the scan as ys for the report
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
    params = variables["params"]

    def step(carry, cycle):
        fade, history = carry
        cap, upd = model.apply({"params": params, "history": history}, cycle, mutable=["history"])
        return (fade + (1.0 - cap), upd["history"]), upd["history"]["capacity"]

    return step, variables["history"]


class FleetReport:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def pack(self, cycles):
        step, history = make_step(self.model, self.variables)
        (fade, _), capacities = jax.lax.scan(step, (jnp.zeros(()), history), cycles)
        return fade, jnp.mean(capacities[-1])


def main():
    model = SohEstimator()
    cycles = jax.random.normal(jax.random.key(8), (30, 5))
    variables = model.init(jax.random.key(9), cycles[0])
    FleetReport(model, variables).pack(cycles)
    return None
