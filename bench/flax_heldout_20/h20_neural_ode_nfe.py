# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "nfe" in "/field" because collection "diagnostics" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 VectorField counts evaluations in the 'diagnostics' collection; it is reached from the while_loop in integrate() through a functools.partial of rk4_step over self.dynamics
"""Neural ODE classifier on 2-d points, integrated with a fixed-step RK4 solver.

The vector field keeps a count of function evaluations (NFE) for profiling; the
solver loop is a raw lax.while_loop so the end time need not be a multiple of dt.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class ODEConfig:
    hidden: int = 32
    n_classes: int = 2
    t1: float = 1.0
    dt: float = 0.25


class VectorField(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, t, x):
        nfe = self.variable("diagnostics", "nfe", lambda: jnp.zeros((), jnp.int32))
        nfe.value = nfe.value + 1
        tt = jnp.full(x.shape[:-1] + (1,), t)
        h = nn.tanh(nn.Dense(self.hidden)(jnp.concatenate([x, tt], axis=-1)))
        return nn.Dense(x.shape[-1])(h)


def rk4_step(f, t, x, dt):
    k1 = f(t, x)
    k2 = f(t + dt / 2, x + dt / 2 * k1)
    k3 = f(t + dt / 2, x + dt / 2 * k2)
    k4 = f(t + dt, x + dt * k3)
    return x + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


def integrate(step_fn, x0, t0, t1, dt):
    def cond(carry):
        return carry[0] < t1 - 1e-6

    def body(carry):
        t, x, dt = carry
        return t + dt, step_fn(t, x, dt=dt), dt

    return lax.while_loop(cond, body, (jnp.asarray(t0), x0, jnp.asarray(dt)))[1]


class NeuralODE(nn.Module):
    cfg: ODEConfig

    def setup(self):
        self.field = VectorField(self.cfg.hidden)
        self.readout = nn.Dense(self.cfg.n_classes)

    def dynamics(self, t, x):
        return self.field(t, x)

    def __call__(self, x0):
        if self.is_initializing():
            return self.readout(x0 + self.cfg.t1 * self.dynamics(0.0, x0))
        x_T = integrate(functools.partial(rk4_step, self.dynamics), x0, 0.0, self.cfg.t1, self.cfg.dt)
        return self.readout(x_T)


def main():
    cfg = ODEConfig()
    model = NeuralODE(cfg)
    x = jax.random.normal(jax.random.key(0), (10, 2))
    y = (x[:, 0] * x[:, 1] > 0).astype(jnp.int32)
    variables = model.init(jax.random.key(1), x)
    eval_vars = {"params": variables["params"], "diagnostics": variables["diagnostics"]}
    logits = jax.jit(lambda v: model.apply(v, x))(eval_vars)
    accuracy = jnp.mean(jnp.argmax(logits, -1) == y)
    return None
