# label: ok
# flax-error: none
# class: 3 the key embeddings leave the scan as ys and are pushed onto bank.keys, a list attribute of a MemoryBank object, after the loop
"""MoCo-style contrastive learning with an NNX key encoder and a memory bank, fixed: the scan
body returns each batch of key embeddings as ys, and they are pushed onto bank.keys after the
loop."""
import jax
import jax.numpy as jnp
from flax import nnx

STEPS, BATCH, DIM, EMB = 6, 8, 12, 16


class Encoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(DIM, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, EMB, rngs=rngs)

    def __call__(self, x):
        z = self.l2(nnx.relu(self.l1(x)))
        return z / jnp.linalg.norm(z, axis=-1, keepdims=True)


class MemoryBank:
    def __init__(self):
        self.keys = []

    def queue(self):
        return jnp.concatenate(self.keys, axis=0)


def augment(key, x):
    k1, k2 = jax.random.split(key)
    return x * jax.random.uniform(k1, (x.shape[0], 1), minval=0.7, maxval=1.3) \
        + 0.1 * jax.random.normal(k2, x.shape)


def main():
    k_data, k_aug = jax.random.split(jax.random.PRNGKey(0))
    batches = jax.random.normal(k_data, (STEPS, BATCH, DIM))
    aug_keys = jax.random.split(k_aug, STEPS)
    query_encoder = Encoder(nnx.Rngs(0))
    key_encoder = Encoder(nnx.Rngs(1))
    bank = MemoryBank()

    def body(carry, inputs):
        x, key = inputs
        k1, k2 = jax.random.split(key)
        q = query_encoder(augment(k1, x))
        k = key_encoder(augment(k2, x))
        return carry + jnp.mean(jnp.sum(q * k, -1)), k

    pos_sim, keys = jax.lax.scan(body, 0.0, (batches, aug_keys))
    bank.keys.extend(list(keys))
    negatives = query_encoder(batches[0]) @ bank.queue().T
    print(pos_sim, negatives.shape)
    return None


if __name__ == "__main__":
    main()
