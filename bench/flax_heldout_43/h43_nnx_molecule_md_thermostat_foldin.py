# label: ok
# flax-error: none
# class: 4 helper binds a key from the NNX Rngs with functools.partial; the jax.lax.fori_loop body folds in the step index
"""Molecular dynamics with a learned NNX potential and a Langevin thermostat; returns the thermal kicks per step."""
import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Potential(nnx.Module):
    def __init__(self, *, rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, pos):
        return self.l2(nnx.softplus(self.l1(pos))).sum()


def thermostat_step(i, state, potential, key, dt=1e-3, gamma=0.1, kT=1.0):
    pos, vel, kicks = state
    force = -jax.grad(potential)(pos)
    kick = jnp.sqrt(2 * gamma * kT * dt) * jax.random.normal(jax.random.fold_in(key, i), vel.shape)
    vel = (1 - gamma * dt) * vel + dt * force + kick
    return pos + dt * vel, vel, kicks.at[i].set(kick)


def simulate(potential, rngs, pos, n_steps=6):
    step = functools.partial(thermostat_step, potential=potential, key=rngs.thermostat())
    init = (pos, jnp.zeros_like(pos), jnp.zeros((n_steps,) + pos.shape))
    return jax.lax.fori_loop(0, n_steps, step, init)


def main():
    rngs = nnx.Rngs(0, thermostat=1)
    pot = Potential(rngs=rngs)
    _, _, kicks = simulate(pot, rngs, jnp.ones((5, 3)))
    return kicks
