# label: ok
# flax-error: none
# class: 3 rollout() draws one key from the emulator's Rngs before the scan; the body passes it with the step index to emulator.step() -> StochasticForcing.sample(), which folds the step in
"""Stochastic emulator for 1-d advection-diffusion: a convolutional network predicts
the deterministic tendency and a stochastic forcing term is added at every step; the
forcing sequence of a rollout is reproducible from one key."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class EmulatorConfig:
    grid: int = 32
    hidden: int = 16
    dt: float = 0.1
    noise_scale: float = 0.05
    n_steps: int = 6


class StochasticForcing(nnx.Module):
    def __init__(self, cfg: EmulatorConfig):
        self.cfg = cfg

    def sample(self, key, step, shape):
        return self.cfg.noise_scale * jax.random.normal(jax.random.fold_in(key, step), shape)


class TendencyNet(nnx.Module):
    def __init__(self, cfg: EmulatorConfig, rngs: nnx.Rngs):
        self.conv1 = nnx.Conv(1, cfg.hidden, kernel_size=(5,), padding="CIRCULAR", rngs=rngs)
        self.conv2 = nnx.Conv(cfg.hidden, 1, kernel_size=(5,), padding="CIRCULAR", rngs=rngs)

    def __call__(self, u):
        return self.conv2(nnx.gelu(self.conv1(u)))


class Emulator(nnx.Module):
    def __init__(self, cfg: EmulatorConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        self.tendency = TendencyNet(cfg, rngs)
        self.forcing = StochasticForcing(cfg)
        self.rngs = rngs

    def step(self, u, key, step):
        f = self.forcing.sample(key, step, u.shape)
        return u + self.cfg.dt * self.tendency(u) + jnp.sqrt(self.cfg.dt) * f, f


def rollout(emulator: Emulator, u0, n_steps):
    key = emulator.rngs.forcing()

    def body(u, step):
        u_next, forcing = emulator.step(u, key, step)
        return u_next, forcing

    return jax.lax.scan(body, u0, jnp.arange(n_steps))


def main():
    cfg = EmulatorConfig()
    emulator = Emulator(cfg, nnx.Rngs(params=1, forcing=2))
    x = jnp.linspace(0, 2 * jnp.pi, cfg.grid)
    u0 = jnp.stack([jnp.sin(x), jnp.cos(2 * x)])[..., None]
    u_T, forcings = rollout(emulator, u0, cfg.n_steps)
    return forcings
