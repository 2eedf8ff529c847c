# label: ok
# flax-error: none
# class: 3 the scan body is a service method that calls self.model, switched to evaluation mode before forecasting
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class CanopyConfig:
    bands: int = 4
    hidden: int = 8
    seasons: int = 5
    seed: int = 31


class CanopyNet(nnx.Module):
    def __init__(self, bands: int, hidden: int, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(bands, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, momentum=0.9, rngs=rngs)
        self.cover = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, reflectance):
        return jax.nn.sigmoid(self.cover(nnx.relu(self.norm(self.encode(reflectance)))))[..., 0]


class RestorationService:
    def __init__(self, model: CanopyNet, config: CanopyConfig):
        self.model = model
        self.config = config

    @classmethod
    def from_config(cls, config: CanopyConfig):
        return cls(CanopyNet(config.bands, config.hidden, rngs=nnx.Rngs(config.seed)), config)

    def _season(self, biomass, reflectance):
        cover = self.model(reflectance)
        return biomass + cover.mean(), cover

    def forecast(self, imagery):
        self.model.eval()
        biomass, cover = lax.scan(self._season, jnp.float32(0.0), imagery)
        return biomass, cover


def drone_imagery(config: CanopyConfig, plots: int = 3):
    s = jnp.arange(config.seasons, dtype=jnp.float32)[:, None, None]
    p = jnp.arange(plots * config.bands, dtype=jnp.float32).reshape(1, plots, config.bands)
    return jnp.cos(0.3 * s + 0.1 * p)


def main():
    config = CanopyConfig()
    service = RestorationService.from_config(config)
    biomass, cover = service.forecast(drone_imagery(config))
    jax.block_until_ready((biomass, cover))
    return None
