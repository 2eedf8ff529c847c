# label: same-values
# flax-error: none
# class: 4 FireSimulator -> FireEnv -> env.gust_key drawn once from ignition.rngs.gust() in FireEnv.__init__, used in the fori_loop body
"""Wildfire spread simulator used for evacuation planning drills.

The environment wraps an ignition model; to keep the inner loop free of Rngs updates the
environment caches a gust key when it is created. The simulator records the sampled
wind gust of every tick for the drill report.
"""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class IgnitionModel(nnx.Module):
    def __init__(self, cells, rngs: nnx.Rngs):
        self.spread = nnx.Linear(cells + 1, cells, rngs=rngs)
        self.rngs = rngs

    def __call__(self, burning, gust):
        return nnx.sigmoid(self.spread(jnp.append(burning, gust)))


class FireEnv:
    def __init__(self, cells, seed):
        self.ignition = IgnitionModel(cells, nnx.Rngs(params=seed, gust=seed + 1))
        self.gust_key = self.ignition.rngs.gust()

    def step(self, burning):
        gust = 2.0 * jax.random.normal(self.gust_key, ())
        prob = self.ignition(burning, gust)
        return jnp.maximum(burning, (prob > 0.6).astype(jnp.float32)), gust


class FireSimulator:
    def __init__(self, env, ticks):
        self.env = env
        self.ticks = ticks

    def run(self, burning):
        def body(t, carry):
            burning, gusts = carry
            burning, gust = self.env.step(burning)
            return burning, gusts.at[t].set(gust)

        _, gusts = lax.fori_loop(0, self.ticks, body, (burning, jnp.zeros((self.ticks,))))
        return gusts


def main():
    env = FireEnv(cells=9, seed=3)
    burning = jnp.zeros((9,)).at[4].set(1.0)
    return FireSimulator(env, ticks=6).run(burning)
