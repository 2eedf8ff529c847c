# label: trace-context
# flax-error: TraceContextError: Cannot mutate Counter from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an nnx.Variable function-evaluation counter on the model incremented directly in the inline raw scan body
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Counter(nnx.Variable):
    pass


class Dynamics(nnx.Module):
    def __init__(self, dim: int, hidden: int, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim + 1, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, dim, rngs=rngs)
        self.nfe = Counter(jnp.array(0, jnp.int32))

    def __call__(self, t, y):
        h = jnp.concatenate([y, jnp.atleast_1d(t)])
        return self.l2(jnp.tanh(self.l1(h)))


def euler_solve(f: Dynamics, y0, t0=0.0, t1=1.0, n=16):
    dt = (t1 - t0) / n

    def step(y, t):
        f.nfe.value += 1
        return y + dt * f(t, y), y

    y1, path = jax.lax.scan(step, y0, t0 + dt * jnp.arange(n))
    return y1, path


def main():
    f = Dynamics(2, 16, rngs=nnx.Rngs(0))
    y1, path = euler_solve(f, jnp.array([1.0, 0.0]))
    print("NFE:", f.nfe.value)
    return None
