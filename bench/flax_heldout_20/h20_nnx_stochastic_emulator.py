# label: same-values
# flax-error: none
# class: 3 the rollout scan reaches StochasticForcing.sample() through emulator.step(); sample() builds an nnx.Rngs from the configured seed on every call
"""Stochastic emulator for 1-d advection-diffusion: a convolutional network predicts
the deterministic tendency and a stochastic forcing term is added at every step."""
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
    seed: int = 0
    n_steps: int = 6


class StochasticForcing(nnx.Module):
    def __init__(self, cfg: EmulatorConfig):
        self.cfg = cfg

    def sample(self, shape):
        rngs = nnx.Rngs(forcing=self.cfg.seed)
        return self.cfg.noise_scale * jax.random.normal(rngs.forcing(), shape)


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

    def step(self, u):
        f = self.forcing.sample(u.shape)
        return u + self.cfg.dt * self.tendency(u) + jnp.sqrt(self.cfg.dt) * f, f


def rollout(emulator: Emulator, u0, n_steps):
    def body(u, _):
        u_next, forcing = emulator.step(u)
        return u_next, forcing

    return jax.lax.scan(body, u0, None, length=n_steps)


def main():
    cfg = EmulatorConfig()
    emulator = Emulator(cfg, nnx.Rngs(params=1))
    x = jnp.linspace(0, 2 * jnp.pi, cfg.grid)
    u0 = jnp.stack([jnp.sin(x), jnp.cos(2 * x)])[..., None]
    u_T, forcings = rollout(emulator, u0, cfg.n_steps)
    return forcings
