# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "nfe" in "/" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a solver taken from the SOLVERS decorator registry calls a closure over vector_field.apply; the field counts evaluations in its 'stats' collection
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop

SOLVERS = {}


def register_solver(name):
    def wrap(fn):
        SOLVERS[name] = fn
        return fn
    return wrap


@register_solver("euler")
def euler_step(f, t, y, dt):
    return y + dt * f(t, y)


@register_solver("midpoint")
def midpoint_step(f, t, y, dt):
    k1 = f(t, y)
    return y + dt * f(t + 0.5 * dt, y + 0.5 * dt * k1)


class VectorField(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, t, y):
        nfe = self.variable("stats", "nfe", lambda: jnp.zeros((), jnp.int32))
        nfe.value += 1
        ty = jnp.concatenate([y, jnp.full(y.shape[:-1] + (1,), t)], axis=-1)
        h = nn.tanh(nn.Dense(self.hidden)(ty))
        return nn.Dense(y.shape[-1])(h)


def odeint(vector_field, variables, y0, t0, t1, dt, method="midpoint"):
    step = SOLVERS[method]
    f = lambda t, y: vector_field.apply(variables, t, y)

    def cond(state):
        t, _ = state
        return t < t1

    def body(state):
        t, y = state
        return t + dt, step(f, t, y, dt)

    _, y1 = while_loop(cond, body, (jnp.asarray(t0, jnp.float32), y0))
    return y1


def main():
    field = VectorField()
    y0 = jnp.ones((4, 2))
    variables = field.init(jax.random.PRNGKey(0), 0.0, y0)
    y1 = odeint(field, variables, y0, 0.0, 1.0, 0.25)
    jax.block_until_ready(y1)
