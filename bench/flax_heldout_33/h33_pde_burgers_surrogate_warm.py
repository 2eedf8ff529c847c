# label: ok
# flax-error: none
# class: 3 FluxNet submodule is bound in __call__, warmed up on u0 when initializing, then reached through functools.partial inside the module-level integrate() scan
"""Learned flux surrogate for the 1-D viscous Burgers equation.

The network predicts the numerical flux at cell faces; a finite-volume update
with periodic boundaries advances the solution and `integrate` rolls it out.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class SolverConfig:
    nx: int = 16
    hidden: int = 24
    dt: float = 0.002
    nu: float = 0.01
    n_steps: int = 6


def periodic_pad(u, width=1):
    return jnp.concatenate([u[:, -width:], u, u[:, :width]], axis=1)


def integrate(step_fn, u0, n_steps):
    """Roll a one-step map forward and return the trajectory (time-major)."""
    def body(u, _):
        u_next = step_fn(u)
        return u_next, u_next

    _, traj = lax.scan(body, u0, None, length=n_steps)
    return traj


def euler_step(tendency_fn, u, *, dt):
    return u + dt * tendency_fn(u)


class FluxNet(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, u):
        # u: (batch, nx) -> stencil features at each face
        up = periodic_pad(u)
        left, right = up[:, :-1], up[:, 1:]
        feats = jnp.stack([left, right, 0.5 * (left ** 2 + right ** 2)], axis=-1)
        h = nn.gelu(nn.Dense(self.hidden, name="face_in")(feats))
        h = nn.gelu(nn.Dense(self.hidden, name="face_mid")(h))
        return nn.Dense(1, name="face_out")(h)[..., 0]


class NeuralBurgersSolver(nn.Module):
    cfg: SolverConfig

    @nn.compact
    def __call__(self, u0):
        cfg = self.cfg
        dx = 1.0 / cfg.nx
        flux = FluxNet(cfg.hidden, name="flux")

        def tendency(u):
            f = flux(u)                       # (batch, nx + 1) face fluxes
            advective = -(f[:, 1:] - f[:, :-1]) / dx
            up = periodic_pad(u)
            diffusive = cfg.nu * (up[:, 2:] - 2 * u + up[:, :-2]) / dx ** 2
            return advective + diffusive

        if self.is_initializing():
            flux(u0)
        step = functools.partial(euler_step, tendency, dt=cfg.dt)
        return integrate(step, u0, cfg.n_steps)


def initial_condition(batch, nx):
    x = jnp.linspace(0.0, 1.0, nx, endpoint=False)
    phase = jnp.arange(batch)[:, None] * 0.3
    return jnp.sin(2 * jnp.pi * x[None, :] + phase)


def main():
    cfg = SolverConfig()
    model = NeuralBurgersSolver(cfg)
    u0 = initial_condition(2, cfg.nx)
    variables = model.init(jax.random.PRNGKey(0), u0)
    traj = model.apply(variables, u0)
    target = jnp.roll(traj, 1, axis=-1)
    loss = jnp.mean((traj - target) ** 2)
    float(loss)
    return None
