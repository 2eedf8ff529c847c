# label: ok
# flax-error: none
# class: 2 module method self.force used by the body handed to lax.fori_loop, after one call before the loop creates the params
"""Velocity-Verlet integrator driven by a learned pair potential (neural force field)."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclass(frozen=True)
class MDConfig:
    dt: float = 0.01
    n_steps: int = 10
    mass: float = 1.0


class PairPotential(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, r):
        h = nn.softplus(nn.Dense(self.hidden)(r[..., None]))
        return nn.Dense(1)(h)[..., 0]


class NeuralMD(nn.Module):
    cfg: MDConfig = MDConfig()

    def setup(self):
        self.potential = PairPotential()

    def energy(self, pos):
        diff = pos[:, None, :] - pos[None, :, :]
        r = jnp.sqrt((diff ** 2).sum(-1) + 1e-6)
        return 0.5 * self.potential(r).sum()

    def force(self, pos):
        return -jax.grad(lambda p: self.energy(p))(pos)

    def __call__(self, pos, vel):
        cfg = self.cfg
        a0 = self.force(pos) / cfg.mass  # warm-up call: parameters exist before the loop

        def verlet(i, state):
            x, v, a = state
            x = x + cfg.dt * v + 0.5 * cfg.dt ** 2 * a
            a_new = self.force(x) / cfg.mass
            v = v + 0.5 * cfg.dt * (a + a_new)
            return x, v, a_new

        x, v, _ = lax.fori_loop(0, cfg.n_steps, verlet, (pos, vel, a0))
        return x, v


def main():
    model = NeuralMD()
    pos = jax.random.normal(jax.random.key(0), (5, 3))
    vel = jnp.zeros_like(pos)
    params = model.init(jax.random.key(1), pos, vel)
    model.apply(params, pos, vel)
    return None
