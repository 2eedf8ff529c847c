# label: ok
# flax-error: none
# class: 5 a decorator registry builds the model from a frozen config switched to inference; the service keeps jax.jit(model.bind(variables).__call__) per session and calls it inside the scan over months
"""Glacier mass-balance service: monthly melt from forcing data, per registered basin.

Architectures are looked up in a decorator registry; each basin session keeps a jitted
bound forward so that scenario runs do not rebuild the model."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

MODEL_REGISTRY = {}


def register_model(name):
    def decorator(factory):
        MODEL_REGISTRY[name] = factory
        return factory
    return decorator


@dataclasses.dataclass(frozen=True)
class BasinConfig:
    arch: str = "melt-mlp"
    hidden: int = 16
    train: bool = True


class MeltNet(nn.Module):
    hidden: int
    train: bool

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.hidden)(x)
        h = nn.BatchNorm(use_running_average=not self.train)(h)
        return nn.softplus(nn.Dense(1)(nn.swish(h))).squeeze(-1)  # metres water equivalent


@register_model("melt-mlp")
def build_melt_mlp(cfg):
    return MeltNet(hidden=cfg.hidden, train=cfg.train)


class MassBalanceService:
    def __init__(self):
        self._sessions = {}

    def register(self, basin, cfg, sample, seed=0):
        model = MODEL_REGISTRY[cfg.arch](dataclasses.replace(cfg, train=False))
        variables = model.init(jax.random.key(seed), sample)
        self._sessions[basin] = jax.jit(model.bind(variables).__call__)

    def scenario(self, basin, forcings, ice0):
        forward = self._sessions[basin]

        def month(ice, forcing):
            melt = forward(jnp.concatenate([forcing, ice[:, None]], axis=-1))
            ice = jnp.maximum(ice - melt + 0.05 * forcing[:, 0], 0.0)
            return ice, melt

        return jax.lax.scan(month, ice0, forcings)


def main():
    n_glaciers = 6
    forcings = jax.random.normal(jax.random.key(0), (12, n_glaciers, 3))  # precip, temp, radiation
    ice0 = jnp.full((n_glaciers,), 40.0)
    service = MassBalanceService()
    service.register("rhone", BasinConfig(), jnp.zeros((n_glaciers, 4)))
    ice, melt = service.scenario("rhone", forcings, ice0)
    float(ice.sum())
    return None
