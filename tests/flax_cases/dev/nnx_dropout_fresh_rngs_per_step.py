# label: ok
# flax-error: none
# class: 5 nnx.Dropout without rngs of its own, given a fresh nnx.Rngs(dropout=key) at each step
import jax
import jax.numpy as jnp
from flax import nnx


class DropoutRNN(nnx.Module):
    def __init__(self, din, hidden, rngs: nnx.Rngs):
        self.inp = nnx.Linear(din, hidden, rngs=rngs)
        self.rec = nnx.Linear(hidden, hidden, rngs=rngs)
        self.dropout = nnx.Dropout(0.2)

    def __call__(self, xs, key):
        def step(h, inputs):
            x, k = inputs
            h = jnp.tanh(self.inp(x) + self.rec(self.dropout(h, rngs=nnx.Rngs(dropout=k))))
            return h, h

        h0 = jnp.ones((xs.shape[1], self.rec.out_features))
        keys = jax.random.split(key, xs.shape[0])
        return jax.lax.scan(step, h0, (xs, keys))


def main():
    model = DropoutRNN(3, 8, rngs=nnx.Rngs(0))
    model(jnp.ones((6, 2, 3)), jax.random.PRNGKey(1))
