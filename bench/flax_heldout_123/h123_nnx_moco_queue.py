# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the scan body appends key embeddings to bank.keys, a Python list attribute of a MemoryBank object, which is used after the loop
"""MoCo-style contrastive learning with an NNX key encoder and a memory bank. The encoding pass
over augmented batches is a jax.lax.scan; the body pushes each batch of key embeddings onto
bank.keys (a Python list), and after the loop the queue is concatenated to score negatives."""
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
        bank.keys.append(k)
        return carry + jnp.mean(jnp.sum(q * k, -1)), None

    pos_sim, _ = jax.lax.scan(body, 0.0, (batches, aug_keys))
    negatives = query_encoder(batches[0]) @ bank.queue().T
    print(pos_sim, negatives.shape)
    return None


if __name__ == "__main__":
    main()
