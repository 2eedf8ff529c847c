# label: ok
# flax-error: none
# class: 3 make_rng('ensemble') is called once before the scan and split into per-step keys passed as xs down to the perturbation block
"""Precipitation nowcasting with a stochastic convolutional advection rollout.

Each step advects the radar field with a learned kernel and adds a small stochastic
perturbation so that rollouts form an ensemble.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class NowcastConfig:
    grid: int = 6
    channels: int = 3
    lead_steps: int = 5
    noise_scale: float = 0.1


class NoiseField(nn.Module):
    scale: float

    def sample(self, key, shape):
        return self.scale * jax.random.normal(key, shape)

    def __call__(self, field, key):
        eps = self.sample(key, field.shape)
        return field + eps, eps


class AdvectionCell(nn.Module):
    cfg: NowcastConfig

    def setup(self):
        self.conv = nn.Conv(self.cfg.channels, (3, 3), padding="SAME")
        self.readout = nn.Conv(1, (1, 1))
        self.noise = NoiseField(self.cfg.noise_scale)

    def __call__(self, frame, key):
        h = nn.relu(self.conv(frame[..., None]))
        drift = frame + 0.1 * self.readout(h)[..., 0]
        return self.noise(drift, key)


class Nowcaster(nn.Module):
    cfg: NowcastConfig

    def setup(self):
        self.cell = AdvectionCell(self.cfg)

    def step(self, frame, key):
        nxt, eps = self.cell(frame, key)
        return nxt, eps

    def __call__(self, radar):
        keys = jax.random.split(self.make_rng("ensemble"), self.cfg.lead_steps + 1)
        first, _ = self.cell(radar, keys[0])
        last, perturbations = jax.lax.scan(self.step, first, keys[1:])
        return last, perturbations


def main():
    cfg = NowcastConfig()
    model = Nowcaster(cfg)
    radar = jnp.linspace(0.0, 1.0, cfg.grid * cfg.grid).reshape(cfg.grid, cfg.grid)
    rngs = {"params": jax.random.key(0), "ensemble": jax.random.key(1)}
    variables = model.init(rngs, radar)
    last, perturbations = model.apply(variables, radar, rngs={"ensemble": jax.random.key(7)})
    print("final field mean", float(last.mean()), "spread per lead", perturbations.std(axis=(1, 2)))
    return perturbations
