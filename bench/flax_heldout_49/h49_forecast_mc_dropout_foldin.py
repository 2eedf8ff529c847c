# label: ok
# flax-error: none
# class: 3 a Forecaster keeps model.apply and the variables; the MC-dropout scan body folds the sample index into the dropout key
"""Time-series toolkit: Monte-Carlo dropout forecast intervals. The Forecaster keeps the model
and its variables and draws each path with its own dropout key."""
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
        self.model = model
        self.variables = variables
        self.key = jax.random.key(seed)

    def sample_paths(self, window, num_samples):
        def draw(carry, i):
            key = jax.random.fold_in(self.key, i)
            return carry, self.model.apply(self.variables, window, deterministic=False, rngs={"dropout": key})

        _, paths = jax.lax.scan(draw, None, jnp.arange(num_samples))
        return paths


def main():
    window = jnp.sin(jnp.linspace(0.0, 6.0, 48)).reshape(2, 24)
    model = TemporalMLP(horizon=6)
    variables = model.init(jax.random.key(0), window)
    forecaster = Forecaster(model, variables, seed=7)
    return forecaster.sample_paths(window, num_samples=16)
