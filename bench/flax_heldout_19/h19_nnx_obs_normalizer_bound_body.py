# label: trace-context
# flax-error: TraceContextError: Cannot mutate RunningStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the bound method normalizer.observe, which updates custom nnx.Variable counters, is passed directly as the jax.lax.scan body
"""Running observation normaliser (RL style) updated while a trajectory is scanned.

Modelled on google/flax#3997 (NNX mutable state under a JAX transform, a
`Count(nnx.Variable)` incremented in `__call__`) and on PPO-style observation
normalisers; here the normaliser's update method is handed straight to `jax.lax.scan`.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class Count(nnx.Variable):
    pass


class RunningStat(nnx.Variable):
    pass


class ObsNormalizer(nnx.Module):
    def __init__(self, dim):
        self.count = Count(jnp.array(0.0))
        self.mean = RunningStat(jnp.zeros(dim))
        self.m2 = RunningStat(jnp.ones(dim))

    def observe(self, carry, obs):
        n = self.count.value + 1.0
        delta = obs - self.mean.value
        self.mean.value = self.mean.value + delta / n
        self.m2.value = self.m2.value + delta * (obs - self.mean.value)
        self.count.value = n
        normed = (obs - self.mean.value) / jnp.sqrt(self.m2.value / n + 1e-6)
        return carry + jnp.sum(normed), normed


def main():
    normalizer = ObsNormalizer(3)
    trajectory = jax.random.normal(jax.random.key(0), (6, 3))
    total, normed = jax.lax.scan(normalizer.observe, jnp.zeros(()), trajectory)
    normed.block_until_ready()
    return None
