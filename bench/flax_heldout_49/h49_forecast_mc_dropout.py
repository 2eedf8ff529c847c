# label: same-values
# flax-error: none
# class: 3 a Forecaster binds the model once with model.bind(variables, rngs=...) and the MC-dropout scan body calls the bound module
"""Time-series toolkit: Monte-Carlo dropout forecast intervals. The Forecaster keeps a bound
model so predict() reads like plain method calls."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class TemporalMLP(nn.Module):
    horizon: int
    rate: float = 0.2

    @nn.compact
    def __call__(self, window, deterministic=True):
        h = nn.gelu(nn.Dense(64)(window))
        h = nn.Dropout(self.rate, deterministic=deterministic)(h)
        return nn.Dense(self.horizon)(h)


class Forecaster:
    def __init__(self, model, variables, seed=0):
        self.bound = model.bind(variables, rngs={"dropout": jax.random.key(seed)})

    def sample_paths(self, window, num_samples):
        def draw(carry, _):
            return carry, self.bound(window, deterministic=False)

        _, paths = jax.lax.scan(draw, None, None, length=num_samples)
        return paths


def main():
    window = jnp.sin(jnp.linspace(0.0, 6.0, 48)).reshape(2, 24)
    model = TemporalMLP(horizon=6)
    variables = model.init(jax.random.key(0), window)
    forecaster = Forecaster(model, variables, seed=7)
    return forecaster.sample_paths(window, num_samples=16)
