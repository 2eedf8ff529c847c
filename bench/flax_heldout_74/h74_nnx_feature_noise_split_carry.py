# label: ok
# flax-error: none
# class: 2 feature store module owns an nnx.Rngs "noise" stream; its key seeds the scan carry and the body splits the carried key each step
"""Feature store that adds privacy noise to served feature vectors."""
import jax
import jax.numpy as jnp
from flax import nnx


class NoisyFeatureStore(nnx.Module):
    def __init__(self, num_entities, dim, sigma, rngs: nnx.Rngs):
        self.table = nnx.Embed(num_entities, dim, rngs=rngs)
        self.sigma = sigma
        self.rngs = rngs

    def serve(self, id_batches):
        def body(carry, ids):
            total, key = carry
            key, sub = jax.random.split(key)
            noise = self.sigma * jax.random.normal(sub, (ids.shape[0], self.table.features))
            feats = self.table(ids) + noise
            return (total + feats.sum(), key), noise

        _, noise = jax.lax.scan(body, (jnp.zeros(()), self.rngs.noise()), id_batches)
        return noise


def main():
    store = NoisyFeatureStore(20, 6, 0.1, nnx.Rngs(params=0, noise=5))
    ids = jax.random.randint(jax.random.PRNGKey(0), (4, 3), 0, 20)
    return store.serve(ids)
