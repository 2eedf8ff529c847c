# label: ok
# flax-error: none
# class: 4 FermentationForecaster.simulate (LoopMixin) splits RngMixin's self.dropout_key into per-step keys scanned as xs -> self.forward (ForwardMixin)
"""Monte Carlo dropout forecast of final gravity for a brewery's fermentation tanks.

The forecaster is assembled from mixins the way the brewery's ML service builds all its
estimators: one mixin owns the randomness, one the forward pass, one the sampling loop.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class GravityNet(nn.Module):
    hidden: int = 16
    rate: float = 0.3

    @nn.compact
    def __call__(self, readings, train: bool = False):
        h = nn.relu(nn.Dense(self.hidden)(readings))
        h = nn.Dropout(self.rate, deterministic=not train)(h)
        return nn.Dense(1)(h)[..., 0]


class RngMixin:
    def setup_rng(self, seed: int):
        self.dropout_key = jax.random.key(seed)

    def sample_keys(self, n: int):
        return jax.random.split(self.dropout_key, n)


class ForwardMixin:
    def forward(self, params, readings, key):
        return self.model.apply({"params": params}, readings, train=True, rngs={"dropout": key})


class LoopMixin:
    def simulate(self, params, readings, n_samples: int):
        def draw(carry, key):
            gravity = self.forward(params, readings, key)
            return carry, gravity

        _, samples = scan(draw, None, self.sample_keys(n_samples))
        return samples


class FermentationForecaster(LoopMixin, ForwardMixin, RngMixin):
    def __init__(self, model: GravityNet, seed: int):
        self.model = model
        self.setup_rng(seed)


def main():
    readings = jax.random.normal(jax.random.key(2), (4, 6))  # four tanks, six sensors
    model = GravityNet()
    params = model.init(jax.random.key(0), readings)["params"]
    forecaster = FermentationForecaster(model, seed=17)
    return forecaster.simulate(params, readings, n_samples=6)
