# label: same-values
# flax-error: none
# class: 4 module-level solver takes the NNX model and Rngs, draws one Brownian key before lax.scan
"""Latent neural SDE (torchsde-style) in NNX, Euler-Maruyama with a learned drift/diffusion."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


@dataclass
class SolverConfig:
    dt: float = 0.05
    n_steps: int = 10


class SDEFunc(nnx.Module):
    def __init__(self, dim, hidden, rngs):
        self.net = nnx.Linear(dim + 1, hidden, rngs=rngs)
        self.drift = nnx.Linear(hidden, dim, rngs=rngs)
        self.diff = nnx.Linear(hidden, dim, rngs=rngs)

    def __call__(self, t, x):
        h = jnp.tanh(self.net(jnp.concatenate([x, jnp.full(x.shape[:-1] + (1,), t)], -1)))
        return self.drift(h), nnx.softplus(self.diff(h))


def simulate(sde, x0, rngs, cfg):
    key = rngs.brownian()

    def em_step(x, t):
        mu, sigma = sde(t, x)
        dw = jnp.sqrt(cfg.dt) * jax.random.normal(key, x.shape)
        return x + mu * cfg.dt + sigma * dw, dw

    _, dws = lax.scan(em_step, x0, jnp.arange(cfg.n_steps) * cfg.dt)
    return dws


def main():
    rngs = nnx.Rngs(params=0, brownian=1)
    sde = SDEFunc(3, 32, rngs)
    return simulate(sde, jnp.zeros((4, 3)), rngs, SolverConfig())
