# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 4 equinox static field typed as a NamedTuple of running-stat arrays; the module goes through jax.jit
from typing import NamedTuple

import equinox as eqx
import jax
import jax.numpy as jnp


class RunningStats(NamedTuple):
    mean: jax.Array
    var: jax.Array


class ObservationNormalizer(eqx.Module):
    clip: jax.Array
    stats: RunningStats = eqx.field(static=True)

    def __call__(self, obs):
        return jnp.clip((obs - self.stats.mean) / jnp.sqrt(self.stats.var + 1e-8), -self.clip, self.clip)


@jax.jit
def normalize(normalizer, obs):
    return normalizer(obs)


def main():
    history = jnp.ones((6, 3))
    for t in range(2, 5):
        stats = RunningStats(history[:t].mean(axis=0), history[:t].var(axis=0))
        normalize(ObservationNormalizer(jnp.float32(5.0), stats), history[t])
