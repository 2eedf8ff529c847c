# label: ok
# flax-error: none
# class: 2 a generator wrapper splits the NNX model (params and rng state) with nnx.split, carries the state through the raw lax.scan, merges in the body
"""Autoregressive sampler wrapper around an NNX model with dropout at sampling time."""
import jax
import jax.numpy as jnp
from flax import nnx


class NoisyStep(nnx.Module):
    def __init__(self, dim, *, rngs: nnx.Rngs):
        self.lin = nnx.Linear(dim, dim, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)

    def __call__(self, x):
        return self.drop(jnp.ones_like(x)), jnp.tanh(self.lin(x))


class Sampler:
    def __init__(self, model, steps=5):
        self.model = model
        self.steps = steps

    def sample(self, x0):
        self.model.train()
        graphdef, state = nnx.split(self.model)

        def body(carry, _):
            x, state = carry
            model = nnx.merge(graphdef, state)
            mask, x = model(x)
            return (x * mask, nnx.state(model)), mask

        (_, state), masks = jax.lax.scan(body, (x0, state), None, length=self.steps)
        nnx.update(self.model, state)
        return masks


def main():
    model = NoisyStep(6, rngs=nnx.Rngs(params=0, dropout=1))
    return Sampler(model).sample(jnp.ones((2, 6)))
