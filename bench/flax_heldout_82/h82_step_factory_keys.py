# label: ok
# flax-error: none
# class: 5 factory returns a sampling step function that takes its dropout key from the scan xs, one split key per step
"""Monte-Carlo dropout uncertainty: a factory builds the per-sample step function that the
evaluator scans over; each step returns the dropout mask the network applied."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class MCDropoutNet(nn.Module):
    rate: float = 0.5

    @nn.compact
    def __call__(self, x, deterministic: bool = False):
        h = nn.relu(nn.Dense(6)(x))
        mask = nn.Dropout(self.rate, deterministic=deterministic)(jnp.ones_like(h))
        return nn.Dense(1)(h * mask), mask


def make_sample_step(model, variables):
    apply = functools.partial(model.apply, variables)

    def sample_step(carry, rng):
        pred, mask = apply(carry, rngs={"dropout": rng})
        return carry, mask

    return sample_step


class UncertaintyEvaluator:
    def __init__(self, model, variables, num_samples=5, seed=0):
        self.step = make_sample_step(model, variables)
        self.rng = jax.random.PRNGKey(seed)
        self.num_samples = num_samples

    def masks(self, x):
        keys = jax.random.split(self.rng, self.num_samples)
        _, masks = jax.lax.scan(self.step, x, keys)
        return masks


def main():
    model = MCDropoutNet()
    x = jnp.ones((3, 4))
    variables = model.init(jax.random.PRNGKey(0), x, deterministic=True)
    return UncertaintyEvaluator(model, variables).masks(x)
