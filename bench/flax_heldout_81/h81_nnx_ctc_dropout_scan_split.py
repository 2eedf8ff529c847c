# label: ok
# flax-error: none
# class: 5 nnx.split outside; the scan carry holds the encoder state (including the dropout RngCount)
"""CTC acoustic model: the encoder's state, dropout counter included, is carried through lax.scan."""
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
    chunks = jax.random.normal(jax.random.PRNGKey(2), (4, 2, 12, 10))
    labels = jnp.array([[1, 2, 3], [4, 5, 0]])
    graphdef, state = nnx.split(enc)

    def step(carry, chunk):
        state, total = carry
        enc = nnx.merge(graphdef, state)
        logits = enc(chunk)
        pad = jnp.zeros(logits.shape[:2])
        loss = optax.ctc_loss(logits, pad, labels, jnp.zeros(labels.shape)).mean()
        return (nnx.state(enc), total + loss), loss

    (state, total), losses = jax.lax.scan(step, (state, 0.0), chunks)
    nnx.update(enc, state)
    losses.block_until_ready()
    return None
