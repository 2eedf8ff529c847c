# label: ok
# flax-error: none
# class: 3 module-level rollout gets model.apply and the variables via functools.partial and calls it in eval mode (running averages only read) inside a raw scan
"""Differentiable physics: learned correction for a coarse 1-D advection-diffusion solver
(solver-in-the-loop, Um et al. 2020). The correction CNN is applied after every solver step."""
import functools

import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import linen as nn


def solver_step(u, dt=0.01, nu=0.02, c=1.0, dx=1.0 / 64):
    lap = (jnp.roll(u, 1) - 2 * u + jnp.roll(u, -1)) / dx**2
    adv = c * (jnp.roll(u, -1) - jnp.roll(u, 1)) / (2 * dx)
    return u + dt * (nu * lap - adv)


class Corrector(nn.Module):
    @nn.compact
    def __call__(self, u, train: bool = False):
        h = nn.Conv(16, (5,), padding="CIRCULAR")(u[:, :, None])
        h = nn.BatchNorm(use_running_average=not train)(h)
        h = nn.gelu(h)
        return nn.Conv(1, (5,), padding="CIRCULAR")(h)[:, :, 0]


def rollout(correct_fn, u0, n_steps):
    def body(u, _):
        u = solver_step(u)
        u = u + correct_fn(u)
        return u, u

    _, traj = scan(body, u0, None, length=n_steps)
    return traj


def main():
    x = jnp.linspace(0, 1, 64, endpoint=False)
    u0 = jnp.stack([jnp.sin(2 * jnp.pi * k * x) for k in (1, 2, 3, 4)])
    model = Corrector()
    variables = model.init(jax.random.PRNGKey(0), u0)
    correct_fn = functools.partial(model.apply, variables, train=False)
    traj = rollout(correct_fn, u0, n_steps=8)
    traj.block_until_ready()
    return None
