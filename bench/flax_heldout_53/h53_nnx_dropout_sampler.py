# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a generator wrapper's sample() calls the NNX model, whose Dropout draws from its nnx.Rngs stream, inside a raw lax.scan over steps
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

        def body(x, _):
            mask, x = self.model(x)
            return x * mask, mask

        _, masks = jax.lax.scan(body, x0, None, length=self.steps)
        return masks


def main():
    model = NoisyStep(6, rngs=nnx.Rngs(params=0, dropout=1))
    return Sampler(model).sample(jnp.ones((2, 6)))
