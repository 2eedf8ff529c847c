# label: same-values
# flax-error: none
# class: 3 Brownian increments drawn with make_rng two submodules below the method used as the raw scan body
"""Option pricing with a neural SDE: learned drift and diffusion, Euler-Maruyama paths."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class SDEConfig:
    paths: int = 64
    steps: int = 8
    maturity: float = 1.0
    strike: float = 1.0
    hidden: int = 16


class BrownianSource(nn.Module):
    @nn.compact
    def __call__(self, shape, dt):
        return jnp.sqrt(dt) * jax.random.normal(self.make_rng("brownian"), shape)


class DiffusionNet(nn.Module):
    hidden: int

    def setup(self):
        self.net = nn.Sequential([nn.Dense(self.hidden), nn.tanh, nn.Dense(1), nn.softplus])
        self.noise = BrownianSource()

    def __call__(self, s, t, dt):
        sigma = self.net(jnp.stack([s, jnp.full_like(s, t)], -1))[..., 0]
        dw = self.noise(s.shape, dt)
        return sigma * s * dw, dw


class NeuralSDE(nn.Module):
    cfg: SDEConfig

    def setup(self):
        self.drift = nn.Dense(1)
        self.diffusion = DiffusionNet(self.cfg.hidden)

    def euler_step(self, carry, _):
        s, t = carry
        dt = self.cfg.maturity / self.cfg.steps
        mu = self.drift(jnp.stack([s, jnp.full_like(s, t)], -1))[..., 0]
        shock, dw = self.diffusion(s, t, dt)
        return (s + mu * s * dt + shock, t + dt), dw

    def __call__(self, s0):
        s = jnp.full((self.cfg.paths,), s0)
        self.euler_step((s, 0.0), None)
        (s, _), increments = jax.lax.scan(self.euler_step, (s, 0.0), None, length=self.cfg.steps)
        return jnp.mean(jnp.maximum(s - self.cfg.strike, 0.0)), increments


class Pricer:
    def __init__(self, cfg, seed=0):
        self.model = NeuralSDE(cfg)
        keys = dict(zip(("params", "brownian"), jax.random.split(jax.random.key(seed))))
        self.variables = self.model.init(keys, 1.0)

    def price(self, s0, seed):
        return self.model.apply(self.variables, s0, rngs={"brownian": jax.random.key(seed)})


def main():
    pricer = Pricer(SDEConfig())
    value, increments = pricer.price(1.0, seed=11)
    print("call price", float(value))
    return increments
