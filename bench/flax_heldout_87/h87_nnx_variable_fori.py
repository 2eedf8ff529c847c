# label: trace-context
# flax-error: TraceContextError: Cannot mutate RunningStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 a custom nnx.Variable on the closed-over module is assigned inside the raw fori_loop body
"""'nnx.Variable update inside fori_loop fails': a running-mean normaliser keeps its statistics in
nnx.Variable subclasses and is updated over a stream of observations with jax.lax.fori_loop."""
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

    def update(self, x):
        count = self.count.value + 1
        delta = x - self.mean.value
        mean = self.mean.value + delta / count
        self.m2.value = self.m2.value + delta * (x - mean)
        self.mean.value = mean
        self.count.value = count

    def __call__(self, x):
        var = self.m2.value / jnp.maximum(self.count.value, 1.0)
        return (x - self.mean.value) / jnp.sqrt(var + 1e-8)


def main():
    norm = ObsNormalizer(3)
    obs = jax.random.normal(jax.random.key(0), (10, 3)) * 2.0 + 1.0

    def body(i, _):
        norm.update(obs[i])
        return _

    lax.fori_loop(0, obs.shape[0], body, 0)
    norm(obs).block_until_ready()
    return None
