# label: ok
# flax-error: none
# class: 5 a solver taken from the SOLVERS decorator registry calls a closure over vector_field.apply with mutable=['stats']; the 'stats' collection is threaded through the while_loop carry
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
def euler_step(f, t, y, dt, stats):
    dy, stats = f(t, y, stats)
    return y + dt * dy, stats


@register_solver("midpoint")
def midpoint_step(f, t, y, dt, stats):
    k1, stats = f(t, y, stats)
    k2, stats = f(t + 0.5 * dt, y + 0.5 * dt * k1, stats)
    return y + dt * k2, stats


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

    def f(t, y, stats):
        dy, mutated = vector_field.apply({"params": variables["params"], "stats": stats}, t, y, mutable=["stats"])
        return dy, mutated["stats"]

    def cond(state):
        t, _, _ = state
        return t < t1

    def body(state):
        t, y, stats = state
        y, stats = step(f, t, y, dt, stats)
        return t + dt, y, stats

    init = (jnp.asarray(t0, jnp.float32), y0, variables["stats"])
    _, y1, stats = while_loop(cond, body, init)
    return y1, stats


def main():
    field = VectorField()
    y0 = jnp.ones((4, 2))
    variables = field.init(jax.random.PRNGKey(0), 0.0, y0)
    y1, stats = odeint(field, variables, y0, 0.0, 1.0, 0.25)
    jax.block_until_ready((y1, stats))
    print("function evaluations:", int(stats["nfe"]))
