# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 scan body closes over an NNX prediction network whose nnx.Dropout draws from its own Rngs each step
"""RNN-T prediction network unrolled over the label sequence with a raw jax.lax.scan."""
import jax
import jax.numpy as jnp
from flax import nnx


class PredictionNet(nnx.Module):
    def __init__(self, vocab, dim, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.cell = nnx.GRUCell(dim, dim, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)

    def __call__(self, h, token):
        h, y = self.cell(h, self.embed(token))
        return h, self.drop(y)


def main():
    net = PredictionNet(30, 16, rngs=nnx.Rngs(0, dropout=1))
    labels = jnp.array([4, 9, 2, 2, 17, 5])

    def body(h, tok):
        return net(h, tok)

    h0 = jnp.zeros((16,))
    _, g = jax.lax.scan(body, h0, labels)
    g.block_until_ready()
    return None
