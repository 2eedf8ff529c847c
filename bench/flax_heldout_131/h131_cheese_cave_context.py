# label: same-values
# flax-error: none
# class: 4 a context manager yields model.bind(variables, rngs=...) to the ripening simulator; the scan body calls the bound module's make_rng('spores') each week
"""Cheese cave ripening: simulates weekly mould growth on wheels under cave humidity control."""
import contextlib

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

WEEKS = 8


class MouldGrowth(nn.Module):
    wheels: int = 6

    def setup(self):
        self.rate = nn.Dense(self.wheels)

    def __call__(self, humidity):
        return self.weekly(humidity)

    def weekly(self, humidity):
        spread = nn.softplus(self.rate(humidity))
        noise = jax.random.gamma(self.make_rng("spores"), 2.0, (self.wheels,))
        return spread * noise


class ModelStore:
    def __init__(self):
        self.model = MouldGrowth()
        self.variables = self.model.init(
            {"params": jax.random.key(0), "spores": jax.random.key(1)}, jnp.zeros((2,))
        )

    @contextlib.contextmanager
    def session(self, seed):
        bound = self.model.bind(self.variables, rngs={"spores": jax.random.key(seed)})
        try:
            yield bound
        finally:
            del bound


class RipeningSimulator:
    def __init__(self, store: ModelStore):
        self.store = store

    def run(self, humidity, seed=17):
        with self.store.session(seed) as growth:
            def body(coverage, _):
                weekly = growth.weekly(humidity)
                return coverage + weekly, weekly

            _, weekly = lax.scan(body, jnp.zeros((6,)), None, length=WEEKS)
        return weekly


def main():
    simulator = RipeningSimulator(ModelStore())
    return simulator.run(jnp.array([0.92, 11.5]))
