# label: ok
# flax-error: none
# class: 4 a functools.partial of the model's dynamics method (eval mode, read-only) is integrated by rk4_step inside the fori_loop of an odeint helper
"""Conditional neural ODE in NNX, integrated with a fixed-step RK4 helper at inference."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class ODEConfig:
    state_dim: int = 4
    ctx_dim: int = 3
    hidden: int = 32
    num_steps: int = 10


class Dynamics(nnx.Module):
    def __init__(self, cfg: ODEConfig, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(cfg.state_dim + cfg.ctx_dim + 1, cfg.hidden, rngs=rngs)
        self.norm = nnx.LayerNorm(cfg.hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.fc2 = nnx.Linear(cfg.hidden, cfg.state_dim, rngs=rngs)

    def __call__(self, t, y, ctx):
        tt = jnp.full(y.shape[:-1] + (1,), t)
        h = self.drop(nnx.tanh(self.norm(self.fc1(jnp.concatenate([y, ctx, tt], -1)))))
        return self.fc2(h)


class ContextODE(nnx.Module):
    def __init__(self, cfg: ODEConfig, *, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(cfg.state_dim, cfg.state_dim, rngs=rngs)
        self.dynamics = Dynamics(cfg, rngs=rngs)

    def vector_field(self, ctx, t, y):
        return self.dynamics(t, y, ctx)


def rk4_step(f, t, y, dt):
    k1 = f(t, y)
    k2 = f(t + dt / 2, y + dt / 2 * k1)
    k3 = f(t + dt / 2, y + dt / 2 * k2)
    k4 = f(t + dt, y + dt * k3)
    return y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


def odeint(f, y0, t1, num_steps):
    dt = t1 / num_steps
    return jax.lax.fori_loop(0, num_steps, lambda i, y: rk4_step(f, i * dt, y, dt), y0)


def predict(model: ContextODE, x, ctx, cfg):
    model.eval()
    f = functools.partial(model.vector_field, ctx)
    return odeint(f, model.encoder(x), 1.0, cfg.num_steps)


def main():
    cfg = ODEConfig()
    model = ContextODE(cfg, rngs=nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (3, cfg.state_dim))
    ctx = jnp.ones((3, cfg.ctx_dim))
    print(predict(model, x, ctx, cfg))
    return None
