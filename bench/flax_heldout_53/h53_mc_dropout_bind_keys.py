# label: ok
# flax-error: none
# class: 2 an uncertainty wrapper splits one dropout key per sample and scans over the keys, calling model.apply(rngs=...) in the body
"""MC-dropout uncertainty wrapper exposing score()."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Regressor(nn.Module):
    rate: float = 0.5

    @nn.compact
    def __call__(self, x, deterministic: bool = True):
        h = nn.relu(nn.Dense(16)(x))
        return nn.Dropout(self.rate)(h, deterministic=deterministic)


class MCDropoutScorer:
    def __init__(self, model, variables, num_samples=8):
        self.model = model
        self.variables = variables
        self.num_samples = num_samples

    def score(self, x, rng):
        keys = jax.random.split(rng, self.num_samples)

        def draw(carry, key):
            return carry, self.model.apply(self.variables, x, deterministic=False, rngs={"dropout": key})

        _, samples = jax.lax.scan(draw, None, keys)
        return samples


def main():
    model = Regressor()
    x = jnp.ones((3, 5))
    variables = model.init(jax.random.key(0), x)
    return MCDropoutScorer(model, variables).score(x, jax.random.key(42))
