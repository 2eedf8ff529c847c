# label: ok
# flax-error: none
# class: 1 scan body merges the prediction network from a graphdef/state carry (nnx.split) and returns the updated state
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
    graphdef, state = nnx.split(net)

    def body(carry, tok):
        h, state = carry
        m = nnx.merge(graphdef, state)
        h, y = m(h, tok)
        return (h, nnx.state(m)), y

    h0 = jnp.zeros((16,))
    (_, state), g = jax.lax.scan(body, (h0, state), labels)
    nnx.update(net, state)
    g.block_until_ready()
    return None
