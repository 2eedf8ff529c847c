# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 5 histogram state registered with register_dataclass(meta_fields=["edges"]); the edges come from jnp.linspace
import dataclasses

import jax
import jax.numpy as jnp
from jax import tree_util


@dataclasses.dataclass
class Histogram:
    counts: jax.Array
    edges: jax.Array


tree_util.register_dataclass(Histogram, data_fields=["counts"], meta_fields=["edges"])


@jax.jit
def accumulate(hist, samples):
    index = jnp.clip(jnp.searchsorted(hist.edges, samples) - 1, 0, hist.counts.shape[0] - 1)
    return Histogram(hist.counts.at[index].add(1.0), hist.edges)


def main():
    key = jax.random.PRNGKey(0)
    for _ in range(3):
        key, sub = jax.random.split(key)
        hist = Histogram(jnp.zeros(4), jnp.linspace(0.0, 1.0, 5))
        accumulate(hist, jax.random.uniform(sub, (10,)))
