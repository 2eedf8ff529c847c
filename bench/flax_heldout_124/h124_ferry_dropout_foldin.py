# label: ok
# flax-error: none
# class: 3 McDropoutForecaster folds the draw index into its own .key attribute for the dropout rng of each scan step
"""Ferry timetable planning: Monte-Carlo-dropout spread of passenger demand per sailing."""
import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import linen as nn


class DemandNet(nn.Module):
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, deterministic: bool):
        h = nn.relu(nn.Dense(16)(x))
        h = nn.Dropout(self.rate, deterministic=deterministic)(h)
        return nn.softplus(nn.Dense(1)(h))[..., 0] * 100.0


class McDropoutForecaster:
    """Repeated stochastic passes give a spread of passenger counts for each sailing."""

    def __init__(self, model, variables, key, n_samples):
        self.model = model
        self.variables = variables
        self.key = key
        self.n_samples = n_samples

    def sample(self, sailing_features):
        def body(carry, draw):
            y = self.model.apply(self.variables, sailing_features, deterministic=False,
                                 rngs={"dropout": jax.random.fold_in(self.key, draw)})

            return carry, y

        _, draws = scan(body, None, jnp.arange(self.n_samples))
        return draws


def main():
    sailings, n_feat = 5, 6
    features = jax.random.normal(jax.random.key(0), (sailings, n_feat))
    model = DemandNet()
    variables = model.init(jax.random.key(1), features, deterministic=True)
    forecaster = McDropoutForecaster(model, variables, jax.random.key(2), n_samples=8)
    draws = forecaster.sample(features)
    return draws
