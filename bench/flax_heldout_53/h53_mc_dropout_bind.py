# label: same-values
# flax-error: none
# class: 2 an uncertainty wrapper binds the model with one dropout rng; each raw scan step calls the bound module, so every step reuses that rng
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
        bound = self.model.bind(self.variables, rngs={"dropout": rng})

        def draw(carry, _):
            return carry, bound(x, deterministic=False)

        _, samples = jax.lax.scan(draw, None, None, length=self.num_samples)
        return samples


def main():
    model = Regressor()
    x = jnp.ones((3, 5))
    variables = model.init(jax.random.key(0), x)
    return MCDropoutScorer(model, variables).score(x, jax.random.key(42))
