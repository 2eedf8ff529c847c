# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "nfe" in "/" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a count_nfe flag passed down to the vector field makes it bump a 'stats' variable; functools.partial(model.apply, variables) is the f of a module-level RK4 scan wrapper whose body is jax.checkpoint-ed
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class VectorField(nn.Module):
    hidden: int = 8
    count_nfe: bool = False

    @nn.compact
    def __call__(self, t, y):
        if self.count_nfe:
            nfe = self.variable("stats", "nfe", lambda: jnp.zeros((), jnp.int32))
            nfe.value = nfe.value + 1
        h = nn.tanh(nn.Dense(self.hidden)(jnp.concatenate([y, jnp.full(y.shape[:-1] + (1,), t)], -1)))
        return nn.Dense(y.shape[-1])(h)


def odeint_rk4(f, y0, ts):
    def step(y, t_pair):
        t0, t1 = t_pair
        dt = t1 - t0
        k1 = f(t0, y)
        k2 = f(t0 + dt / 2, y + dt / 2 * k1)
        k3 = f(t0 + dt / 2, y + dt / 2 * k2)
        k4 = f(t1, y + dt * k3)
        y = y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        return y, y

    _, ys = lax.scan(jax.checkpoint(step), y0, (ts[:-1], ts[1:]))
    return ys


def build_model(debug: bool):
    return VectorField(count_nfe=debug)


def main():
    model = build_model(debug=True)
    y0 = jnp.array([[1.0, 0.0], [0.0, 1.0]])
    ts = jnp.linspace(0.0, 1.0, 5)
    variables = model.init(jax.random.key(0), 0.0, y0)
    f = functools.partial(model.apply, variables)
    ys = odeint_rk4(f, y0, ts)
    print("trajectory", ys.shape, ys[-1])
    return None
