# label: same-values
# flax-error: none
# class: 3 the rollout scan body calls a perturbation block whose make_rng('ensemble') sits two calls down
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

    def sample(self, shape):
        return self.scale * jax.random.normal(self.make_rng("ensemble"), shape)

    def __call__(self, field):
        eps = self.sample(field.shape)
        return field + eps, eps


class AdvectionCell(nn.Module):
    cfg: NowcastConfig

    def setup(self):
        self.conv = nn.Conv(self.cfg.channels, (3, 3), padding="SAME")
        self.readout = nn.Conv(1, (1, 1))
        self.noise = NoiseField(self.cfg.noise_scale)

    def __call__(self, frame):
        h = nn.relu(self.conv(frame[..., None]))
        drift = frame + 0.1 * self.readout(h)[..., 0]
        return self.noise(drift)


class Nowcaster(nn.Module):
    cfg: NowcastConfig

    def setup(self):
        self.cell = AdvectionCell(self.cfg)

    def step(self, frame, _):
        nxt, eps = self.cell(frame)
        return nxt, eps

    def __call__(self, radar):
        first, _ = self.cell(radar)
        last, perturbations = jax.lax.scan(self.step, first, None, length=self.cfg.lead_steps)
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
