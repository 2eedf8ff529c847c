# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "nfe" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the scan body calls jax.checkpoint(functools.partial(model.apply, variables)); the vector field bumps its 'counters' collection
"""Neural ODE integrated with fixed-step RK4 in a raw lax.scan. The vector field counts
its function evaluations (NFE) in a 'counters' collection; the step function is built
with functools.partial(model.apply, variables) and wrapped in jax.checkpoint, and the
collection is not made mutable."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class VectorField(nn.Module):
    @nn.compact
    def __call__(self, y):
        nfe = self.variable("counters", "nfe", lambda: jnp.array(0, jnp.int32))
        nfe.value = nfe.value + 1
        return nn.Dense(4)(jnp.tanh(nn.Dense(32)(y)))


def rk4_step(f, y, dt):
    k1 = f(y)
    k2 = f(y + 0.5 * dt * k1)
    k3 = f(y + 0.5 * dt * k2)
    k4 = f(y + dt * k3)
    return y + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)


def main():
    model = VectorField()
    variables = model.init(jax.random.PRNGKey(0), jnp.zeros((4,)))
    f = jax.checkpoint(functools.partial(model.apply, variables))

    def body(y, _):
        y = rk4_step(f, y, 0.05)
        return y, y

    y_final, path = jax.lax.scan(body, jnp.ones((4,)), None, length=20)
    print(y_final)
    return None
