# label: ok
# flax-error: none
# class: 5 the Variables' values are read into the raw fori_loop carry and assigned back to the module after the loop
"""Updating a running-mean normaliser over a stream with jax.lax.fori_loop: the statistics are
pulled out of the nnx.Variables into the loop carry and written back once the loop is done."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class RunningStat(nnx.Variable):
    pass


class ObsNormalizer(nnx.Module):
    def __init__(self, dim):
        self.count = RunningStat(jnp.zeros(()))
        self.mean = RunningStat(jnp.zeros(dim))
        self.m2 = RunningStat(jnp.zeros(dim))

    def __call__(self, x):
        var = self.m2.value / jnp.maximum(self.count.value, 1.0)
        return (x - self.mean.value) / jnp.sqrt(var + 1e-8)


def welford(stats, x):
    count, mean, m2 = stats
    count = count + 1
    delta = x - mean
    mean = mean + delta / count
    return count, mean, m2 + delta * (x - mean)


def main():
    norm = ObsNormalizer(3)
    obs = jax.random.normal(jax.random.key(0), (10, 3)) * 2.0 + 1.0

    def body(i, stats):
        return welford(stats, obs[i])

    stats = (norm.count.value, norm.mean.value, norm.m2.value)
    count, mean, m2 = lax.fori_loop(0, obs.shape[0], body, stats)
    norm.count.value, norm.mean.value, norm.m2.value = count, mean, m2
    norm(obs).block_until_ready()
    return None
