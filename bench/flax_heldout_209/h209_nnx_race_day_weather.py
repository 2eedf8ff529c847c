# label: same-values
# flax-error: none
# class: 3 the simulator's self.rngs.weather stream, an nnx.Rngs on the object, is drawn once before the scan and that key is used in every step of the body
"""Marathon pacing advice: simulate headwind gusts kilometre by kilometre to pad the runner's target splits."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class CourseConfig:
    n_km: int = 10
    n_gust_samples: int = 16
    mean_wind: float = 3.0


class SplitPadder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.sensitivity = nnx.Linear(1, 1, rngs=rngs)

    def __call__(self, headwind):
        return nnx.softplus(self.sensitivity(headwind[..., None]))[..., 0]


class RaceDaySimulator:
    def __init__(self, config: CourseConfig, seed: int = 0):
        self.config = config
        self.rngs = nnx.Rngs(params=seed, weather=seed + 100)
        self.padder = SplitPadder(self.rngs)

    def gusts(self, bearings):
        cfg = self.config
        key = self.rngs.weather()

        def km(padding, bearing):
            gust = cfg.mean_wind + jax.random.normal(key, (cfg.n_gust_samples,))
            headwind = gust * jnp.cos(bearing)
            return padding + self.padder(headwind).mean(), gust

        _, gusts = jax.lax.scan(km, jnp.zeros(()), bearings)
        return gusts


def main():
    config = CourseConfig()
    bearings = jnp.linspace(0.0, jnp.pi, config.n_km)
    return RaceDaySimulator(config).gusts(bearings)
