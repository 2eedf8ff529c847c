# label: same-values
# flax-error: none
# class: 4 ScenarioService.sample -> self.augmenter.make_rngs() builds nnx.Rngs(noise=cfg.seed) inside each scan step -> self.generator draws from that stream
"""Power grid planning: renewable output scenarios for the day-ahead unit commitment."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class AugmentConfig:
    seed: int = 11
    sigma: float = 0.15


class Augmenter:
    def __init__(self, cfg: AugmentConfig):
        self.cfg = cfg

    def make_rngs(self):
        return nnx.Rngs(noise=self.cfg.seed)


class ScenarioGenerator(nnx.Module):
    def __init__(self, n_hours, rngs: nnx.Rngs):
        self.forecast = nnx.Linear(n_hours, n_hours, rngs=rngs)

    def __call__(self, weather, rngs: nnx.Rngs, sigma):
        base = nnx.sigmoid(self.forecast(weather))  # capacity factor per hour
        shock = sigma * jax.random.normal(rngs.noise(), base.shape)
        return jnp.clip(base * jnp.exp(shock), 0.0, 1.0)


class ScenarioService:
    def __init__(self, generator, augmenter):
        self.generator = generator
        self.augmenter = augmenter

    def sample(self, weather, n_scenarios):
        def one(carry, _):
            rngs = self.augmenter.make_rngs()
            return carry, self.generator(weather, rngs, self.augmenter.cfg.sigma)

        _, scenarios = lax.scan(one, None, None, length=n_scenarios)
        return scenarios


def main():
    weather = jax.random.normal(jax.random.key(0), (24,))  # hourly irradiance anomaly
    service = ScenarioService(ScenarioGenerator(24, nnx.Rngs(0)), Augmenter(AugmentConfig()))
    return service.sample(weather, n_scenarios=5)
