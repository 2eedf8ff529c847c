# label: same-values
# flax-error: none
# class: 5 functools.partial(model.apply, variables, rngs={"dropout": key}) kept on a ForecastAdapter; the scan body calls the adapter for each Monte Carlo sample
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class SnowQualityNet(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, weather, deterministic: bool = True):
        h = nn.relu(nn.Dense(self.hidden)(weather))
        h = nn.Dropout(self.rate)(h, deterministic=deterministic)
        return nn.Dense(1)(h)


class ForecastAdapter:
    """Adapts the Flax model to the snowmaking scheduler's predictor interface."""

    def __init__(self, model, variables, key):
        self.predict = functools.partial(
            model.apply, variables, deterministic=False, rngs={"dropout": key}
        )

    def __call__(self, *args, **kwargs):
        return self.predict(*args, **kwargs)


class GunScheduler:
    def __init__(self, predictor, n_samples):
        self.predictor = predictor
        self.n_samples = n_samples

    def quality_samples(self, weather):
        def body(carry, sample_index):
            quality = self.predictor(weather)[:, 0]
            return carry, quality

        _, samples = jax.lax.scan(body, None, jnp.arange(self.n_samples))
        return samples


def main():
    model = SnowQualityNet()
    weather = jax.random.normal(jax.random.key(4), (5, 7))  # wet bulb, humidity, wind, ...
    variables = model.init(jax.random.key(0), weather)
    adapter = ForecastAdapter(model, variables, jax.random.key(9))
    scheduler = GunScheduler(adapter, n_samples=6)
    return scheduler.quality_samples(weather)
