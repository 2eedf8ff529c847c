# label: ok
# flax-error: none
# class: 4 encode's fori_loop carries encoder.cell (with its training-mode bn BatchNorm) and writes its state back into encoder.cell after the loop
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class BNRNNCell(nnx.Module):
    def __init__(self, in_dim, hidden, *, rngs: nnx.Rngs):
        self.ih = nnx.Linear(in_dim, hidden, rngs=rngs)
        self.hh = nnx.Linear(hidden, hidden, use_bias=False, rngs=rngs)
        self.bn = nnx.BatchNorm(hidden, momentum=0.9, rngs=rngs)

    def __call__(self, h, x):
        return jnp.tanh(self.bn(self.ih(x) + self.hh(h)))


class SequenceEncoder(nnx.Module):
    def __init__(self, in_dim, hidden, *, rngs: nnx.Rngs):
        self.cell = BNRNNCell(in_dim, hidden, rngs=rngs)
        self.hidden = hidden

    def initial_state(self, batch_size):
        return jnp.zeros((batch_size, self.hidden))


def encode(encoder, xs):
    def body(t, carry):
        h, cell = carry
        return cell(h, xs[t]), cell

    h, cell = fori_loop(0, xs.shape[0], body, (encoder.initial_state(xs.shape[1]), encoder.cell))
    nnx.update(encoder.cell, nnx.state(cell))
    return h


def main():
    encoder = SequenceEncoder(3, 8, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (5, 4, 3))
    for _ in range(2):
        h = encode(encoder, xs)
    jax.block_until_ready((h, encoder.cell.bn.mean[...]))
