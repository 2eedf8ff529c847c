# label: ok
# flax-error: none
# class: 4 the fori_loop body reaches the model through service -> session pool -> session -> model.bind(...) held by the session, called in eval mode (running averages)
"""Wildfire spread simulator service: a pool of simulator sessions, each holding a bound
ignition model (Dense -> BatchNorm -> Dense) over per-cell fuel features."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class SpreadConfig:
    grid: int = 8
    channels: int = 6
    steps: int = 5
    pool_size: int = 2
    calibrate_online: bool = False  # serve with the stored BatchNorm statistics


class IgnitionModel(nn.Module):
    channels: int

    @nn.compact
    def __call__(self, features, train: bool):
        h = nn.Dense(self.channels)(features)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95)(h)
        return nn.sigmoid(nn.Dense(1)(nn.relu(h)))[..., 0]


def neighbour_heat(burning):
    padded = jnp.pad(burning, 1)
    return (padded[:-2, 1:-1] + padded[2:, 1:-1] + padded[1:-1, :-2] + padded[1:-1, 2:]) / 4.0


class SimulatorSession:
    def __init__(self, config: SpreadConfig, bound_model):
        self.config = config
        self.model = bound_model

    @classmethod
    def from_config(cls, config: SpreadConfig, seed: int):
        model = IgnitionModel(config.channels)
        sample = jnp.zeros((config.grid * config.grid, 3))
        variables = model.init(jax.random.key(seed), sample, train=False)
        return cls(config, model.bind(variables))

    def ignition_probability(self, features):
        return self.model(features, train=self.config.calibrate_online)


class SessionPool:
    def __init__(self, config: SpreadConfig):
        self._sessions = [SimulatorSession.from_config(config, s) for s in range(config.pool_size)]
        self._cursor = 0

    def acquire(self) -> SimulatorSession:
        session = self._sessions[self._cursor % len(self._sessions)]
        self._cursor += 1
        return session


class WildfireService:
    def __init__(self, config: SpreadConfig):
        self.config = config
        self.pool = SessionPool(config)

    def simulate(self, fuel, wind, ignition):
        session = self.pool.acquire()

        def spread(step, burning):
            heat = neighbour_heat(burning)
            features = jnp.stack([fuel, wind, heat], axis=-1).reshape(-1, 3)
            p = session.ignition_probability(features).reshape(burning.shape)
            return jnp.clip(burning + p * heat, 0.0, 1.0)

        return lax.fori_loop(0, self.config.steps, spread, ignition)


def main():
    cfg = SpreadConfig()
    service = WildfireService(cfg)
    kf, kw = jax.random.split(jax.random.key(3))
    fuel = jax.random.uniform(kf, (cfg.grid, cfg.grid))
    wind = jax.random.uniform(kw, (cfg.grid, cfg.grid))
    ignition = jnp.zeros((cfg.grid, cfg.grid)).at[4, 4].set(1.0)
    burned = service.simulate(fuel, wind, ignition)
    float(burned.sum())
    return None
