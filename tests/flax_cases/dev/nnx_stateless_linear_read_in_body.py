# label: ok
# flax-error: none
# class: 5 NNX RNN reads outside stateless nnx.Linear layers in the raw scan body
import jax
import jax.numpy as jnp
from flax import nnx


class RNN(nnx.Module):
    def __init__(self, din, hidden, rngs: nnx.Rngs):
        self.inp = nnx.Linear(din, hidden, rngs=rngs)
        self.rec = nnx.Linear(hidden, hidden, use_bias=False, rngs=rngs)

    def __call__(self, xs):
        def step(h, x):
            h = jnp.tanh(self.inp(x) + self.rec(h))
            return h, h

        h0 = jnp.zeros((xs.shape[1], self.rec.out_features))
        return jax.lax.scan(step, h0, xs)


def main():
    model = RNN(3, 8, nnx.Rngs(0))
    h, hs = model(jnp.ones((6, 2, 3)))
    assert hs.shape == (6, 2, 8)
