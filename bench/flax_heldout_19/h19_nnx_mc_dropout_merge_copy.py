# label: same-values
# flax-error: none
# class: 3 the scan body rebuilds the model with nnx.merge(graphdef, state, copy=True) from a closed-over state and calls its Dropout; the state is not carried
"""Monte-Carlo dropout: repeated stochastic predictions of one input via `jax.lax.scan`.

Modelled on google/flax#5050 (Dropout in a model rebuilt with `nnx.merge(..., copy=...)`
inside a JAX transform) and google/flax#4153 (split the module, merge inside the
`jax.lax.scan` body). Each scan step is one MC sample; the samples are returned.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class NoisyHead(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(din, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.out = nnx.Linear(16, dout, rngs=rngs)

    def __call__(self, x):
        return self.out(self.drop(nnx.relu(self.hidden(x))))


def mc_samples(model, x, num_samples):
    graphdef, state = nnx.split(model)

    def sample(carry, _):
        m = nnx.merge(graphdef, state, copy=True)
        return carry, m(x)

    _, ys = jax.lax.scan(sample, None, None, length=num_samples)
    return ys


def main():
    model = NoisyHead(4, 2, rngs=nnx.Rngs(params=0, dropout=1))
    model.train()
    x = jnp.ones((3, 4))
    return mc_samples(model, x, 5)
