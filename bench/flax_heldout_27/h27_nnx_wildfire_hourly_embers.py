# label: ok
# flax-error: none
# class: 3 the scan body's spread step asks an ember submodule for spot fires; it reads the key in a custom EmberKey variable and folds in the hour passed as xs
"""Wildfire spread on a fuel grid with a learned spread kernel and random spotting.

A convolutional kernel turns the burning neighbourhood and fuel moisture into an ignition
probability; embers occasionally start spot fires ahead of the front.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class EmberKey(nnx.Variable):
    pass


@dataclasses.dataclass(frozen=True)
class FireConfig:
    grid: int = 8
    hours: int = 5
    spot_rate: float = 0.1


class EmberModel(nnx.Module):
    def __init__(self, rate, seed):
        self.rate = rate
        self.key = EmberKey(jax.random.key(seed))

    def sample(self, shape, hour):
        key = jax.random.fold_in(self.key.value, hour)
        return jax.random.bernoulli(key, self.rate, shape).astype(jnp.float32)


class SpreadModel(nnx.Module):
    def __init__(self, cfg: FireConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        self.kernel = nnx.Conv(2, 4, (3, 3), padding="SAME", rngs=rngs)
        self.readout = nnx.Conv(4, 1, (1, 1), rngs=rngs)
        self.embers = EmberModel(cfg.spot_rate, seed=cfg.grid)

    def _spot_fires(self, burning, hour):
        return self.embers.sample(burning.shape, hour)

    def step(self, state, hour):
        burning, moisture = state
        x = jnp.stack([burning, moisture], axis=-1)[None]
        p = nnx.sigmoid(self.readout(nnx.relu(self.kernel(x))))[0, ..., 0]
        spots = self._spot_fires(burning, hour)
        burning = jnp.clip(burning + (1 - burning) * p * (1 - moisture) + spots, 0.0, 1.0)
        return (burning, jnp.clip(moisture - 0.05, 0.0, 1.0)), spots

    def forecast(self, burning, moisture):
        return jax.lax.scan(self.step, (burning, moisture), jnp.arange(self.cfg.hours))


def main():
    cfg = FireConfig()
    model = SpreadModel(cfg, nnx.Rngs(params=0))
    burning = jnp.zeros((cfg.grid, cfg.grid)).at[3, 3].set(1.0)
    moisture = jnp.full((cfg.grid, cfg.grid), 0.3)
    (final, _), spots = model.forecast(burning, moisture)
    print("burnt fraction", float(final.mean()), "spot fires per hour", spots.sum(axis=(1, 2)))
    return spots
