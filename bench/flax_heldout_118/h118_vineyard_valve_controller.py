# label: same-values
# flax-error: none
# class: 5 a factory make_valve_sampler(model, params, rng) returns the step function, which closes over one dropout key; the scan body is that step function
"""Vineyard drip-irrigation control: the controller draws Monte-Carlo-dropout samples of
the valve openings for each irrigation block and keeps the spread as an uncertainty band."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclass(frozen=True)
class IrrigationConfig:
    n_blocks: int = 4
    n_samples: int = 8
    dropout_rate: float = 0.3
    seed: int = 11


class ValveNet(nn.Module):
    n_blocks: int
    rate: float

    @nn.compact
    def __call__(self, obs, deterministic: bool = True):
        h = nn.relu(nn.Dense(32)(obs))
        h = nn.Dropout(self.rate, deterministic=deterministic)(h)
        return nn.sigmoid(nn.Dense(self.n_blocks)(h))


def make_valve_sampler(model, params, rng):
    def sample(carry, index):
        opening = model.apply({"params": params}, carry, deterministic=False, rngs={"dropout": rng})
        return carry, opening
    return sample


class ValveController:
    def __init__(self, cfg: IrrigationConfig, model, params):
        self.cfg = cfg
        self.sample = make_valve_sampler(model, params, jax.random.key(cfg.seed))

    def opening_band(self, obs):
        _, openings = scan(self.sample, obs, jnp.arange(self.cfg.n_samples))
        return openings


def main():
    cfg = IrrigationConfig()
    soil = jax.random.uniform(jax.random.key(0), (cfg.n_blocks,))
    weather = jnp.array([31.0, 0.12, 4.5])  # air temperature, humidity deficit, wind
    obs = jnp.concatenate([soil, weather])
    model = ValveNet(cfg.n_blocks, cfg.dropout_rate)
    params = model.init(jax.random.key(1), obs)["params"]
    controller = ValveController(cfg, model, params)
    return controller.opening_band(obs)
