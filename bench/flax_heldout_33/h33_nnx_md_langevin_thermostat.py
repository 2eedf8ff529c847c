# label: same-values
# flax-error: none
# class: 2 LangevinIntegrator.run() draws one key from the stored nnx.Rngs 'thermostat' stream before the fori_loop; the body uses that key for the random kick every step
"""Langevin molecular dynamics with a learned pair potential.

A small MLP over pairwise distances gives the potential energy of a cluster
of atoms; forces are its negative gradient. A BAOAB-like Langevin integrator
samples the canonical ensemble; the random kicks are returned so the
fluctuation-dissipation balance can be checked.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class MDConfig:
    n_atoms: int = 5
    dt: float = 0.005
    gamma: float = 1.0
    kT: float = 0.5
    n_steps: int = 6


class PairPotential(nnx.Module):
    def __init__(self, hidden, *, rngs):
        self.rbf_centers = nnx.Param(jnp.linspace(0.5, 3.0, 8))
        self.mlp = nnx.Sequential(nnx.Linear(8, hidden, rngs=rngs), nnx.softplus,
                                  nnx.Linear(hidden, 1, rngs=rngs))

    def __call__(self, pos):
        diff = pos[:, None, :] - pos[None, :, :]
        r = jnp.sqrt(jnp.sum(diff ** 2, -1) + 1e-6)
        rbf = jnp.exp(-4.0 * (r[..., None] - self.rbf_centers[...]) ** 2)
        e_pair = self.mlp(rbf)[..., 0]
        mask = 1.0 - jnp.eye(pos.shape[0])
        return 0.5 * jnp.sum(e_pair * mask)


class LangevinIntegrator:
    def __init__(self, potential: PairPotential, cfg: MDConfig, rngs: nnx.Rngs):
        self.potential = potential
        self.cfg = cfg
        self.rngs = rngs

    def forces(self, pos):
        return -jax.grad(self.potential)(pos)

    def run(self, pos, vel):
        c = self.cfg
        key = self.rngs.thermostat()
        friction = jnp.exp(-c.gamma * c.dt)
        noise_scale = jnp.sqrt(c.kT * (1.0 - friction ** 2))
        kicks = jnp.zeros((c.n_steps, *vel.shape))

        def body(i, carry):
            pos, vel, kicks = carry
            vel = vel + 0.5 * c.dt * self.forces(pos)
            pos = pos + 0.5 * c.dt * vel
            kick = noise_scale * jax.random.normal(key, vel.shape)
            vel = friction * vel + kick
            pos = pos + 0.5 * c.dt * vel
            vel = vel + 0.5 * c.dt * self.forces(pos)
            return pos, vel, kicks.at[i].set(kick)

        return lax.fori_loop(0, c.n_steps, body, (pos, vel, kicks))


def main():
    cfg = MDConfig()
    rngs = nnx.Rngs(params=0, thermostat=1)
    potential = PairPotential(16, rngs=rngs)
    integrator = LangevinIntegrator(potential, cfg, rngs)
    pos = jnp.array([[0.0, 0.0, 0.0], [1.1, 0.0, 0.0], [0.0, 1.1, 0.0], [0.0, 0.0, 1.1], [1.0, 1.0, 1.0]])
    vel = jnp.zeros_like(pos)
    pos, vel, kicks = integrator.run(pos, vel)
    return kicks
