# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 module-level RK4 integrator receives apply_fn and variables and calls a train-mode BatchNorm vector field inside fori_loop
"""Neural ODE with an RK4 solver written as a free function (as in many companion repos):
the solver gets the vector field's apply function and variables and loops with fori_loop."""
from functools import partial

import jax
import jax.numpy as jnp
from flax import linen as nn


class VectorField(nn.Module):
    hidden: int = 16
    train: bool = True

    @nn.compact
    def __call__(self, t, z):
        h = nn.Dense(self.hidden)(jnp.concatenate([z, jnp.full(z.shape[:-1] + (1,), t)], -1))
        h = nn.BatchNorm(use_running_average=not self.train)(h)
        return nn.Dense(z.shape[-1])(jnp.tanh(h))


def rk4_solve(apply_fn, variables, z0, t0, t1, n_steps):
    dt = (t1 - t0) / n_steps
    f = partial(apply_fn, variables)

    def body(i, z):
        t = t0 + i * dt
        k1 = f(t, z)
        k2 = f(t + dt / 2, z + dt / 2 * k1)
        k3 = f(t + dt / 2, z + dt / 2 * k2)
        k4 = f(t + dt, z + dt * k3)
        return z + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)

    return jax.lax.fori_loop(0, n_steps, body, z0)


def main():
    field = VectorField()
    z0 = jnp.ones((8, 3))
    variables = field.init(jax.random.key(0), 0.0, z0)
    z1 = rk4_solve(field.apply, variables, z0, 0.0, 1.0, 4)
    z1.block_until_ready()
    return None
