# label: same-values
# flax-error: none
# class: 5 the scan body calls adapter.sample, a functools.partial binding the model and a key drawn once from rngs.burner() when the adapter was built
"""Burner-duty sampling for a hot-air balloon flight planner.

The adapter turns the lift network into a sampler with the pilot's stochastic burner policy
baked in; the planner draws one burn per planning slot for the same envelope state.
"""
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class EnvelopeLiftNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.thermal = nnx.Linear(4, 10, rngs=rngs)
        self.lift = nnx.Linear(10, 1, rngs=rngs)

    def __call__(self, envelope):
        return self.lift(nnx.swish(self.thermal(envelope)))[..., 0]


def sample_burn(model, envelope, *, key, spread=0.2):
    duty = jax.random.uniform(key, envelope.shape, minval=-spread, maxval=spread)
    return model(envelope + duty)


class BurnerAdapter:
    def __init__(self, model: EnvelopeLiftNet, rngs: nnx.Rngs):
        self.sample = functools.partial(sample_burn, model, key=rngs.burner())


def plan_flight(adapter: BurnerAdapter, envelope, slots: int):
    def slot(carry, _):
        return carry, adapter.sample(envelope)

    _, lifts = jax.lax.scan(slot, None, None, length=slots)
    return lifts


def main():
    rngs = nnx.Rngs(params=0, burner=5)
    adapter = BurnerAdapter(EnvelopeLiftNet(rngs), rngs)
    envelope = jnp.array([[95.0, 1.1, 0.3, 0.8], [97.0, 1.0, 0.2, 0.7]]) / 100.0
    return plan_flight(adapter, envelope, slots=6)
