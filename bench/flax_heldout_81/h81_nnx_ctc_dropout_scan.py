# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 an NNX speech encoder with Dropout (own RngStream) is called inside a raw lax.scan over utterance chunks
"""CTC acoustic model: chunks of an utterance are encoded in lax.scan during training (dropout on)."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Encoder(nnx.Module):
    def __init__(self, n_mels, vocab, rngs):
        self.conv = nnx.Conv(n_mels, 16, kernel_size=(3,), rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.head = nnx.Linear(16, vocab, rngs=rngs)

    def __call__(self, x):
        return self.head(self.drop(nnx.gelu(self.conv(x))))


def main():
    enc = Encoder(10, 6, nnx.Rngs(0, dropout=1))
    chunks = jax.random.normal(jax.random.PRNGKey(2), (4, 2, 12, 10))  # [chunk, B, T, mels]
    labels = jnp.array([[1, 2, 3], [4, 5, 0]])

    def step(total, chunk):
        logits = enc(chunk)
        pad = jnp.zeros(logits.shape[:2])
        loss = optax.ctc_loss(logits, pad, labels, jnp.zeros(labels.shape)).mean()
        return total + loss, loss

    total, losses = jax.lax.scan(step, 0.0, chunks)
    losses.block_until_ready()
    return None
