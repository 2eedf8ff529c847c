# label: ok
# flax-error: none
# class: 3 the scan body merges the model from the state in the carry, calls its Dropout, and returns nnx.state(model) as the new carry
"""Monte-Carlo dropout: repeated stochastic predictions of one input via `jax.lax.scan`.

Modelled on google/flax#5050 (merging a model with Dropout inside a JAX transform) and
google/flax#4153 (split outside, merge inside the `jax.lax.scan` body), with the module state,
including the RNG counters, threaded through the scan carry and written back afterwards.
The MC samples are returned.
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

    def sample(state, _):
        m = nnx.merge(graphdef, state)
        y = m(x)
        return nnx.state(m), y

    state, ys = jax.lax.scan(sample, state, None, length=num_samples)
    nnx.update(model, state)
    return ys


def main():
    model = NoisyHead(4, 2, rngs=nnx.Rngs(params=0, dropout=1))
    model.train()
    x = jnp.ones((3, 4))
    return mc_samples(model, x, 5)
