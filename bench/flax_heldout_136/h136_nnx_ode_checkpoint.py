# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_rk4_step(graphdef) returns a jax.checkpoint-wrapped step that merges the NNX vector field from its state argument and caches the merged module in a dict
"""Neural ODE integrated with RK4 in a raw scan, each step wrapped in jax.checkpoint.

Modelled on threads about the cost of calling nnx.merge every step: the step factory keeps the
merged module in a dict to reuse it, and after integration the cached module is evaluated once more.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class VectorField(nnx.Module):
    def __init__(self, dim: int, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, dim, rngs=rngs)

    def __call__(self, y):
        return self.l2(jnp.tanh(self.l1(y)))


def make_rk4_step(graphdef, dt):
    cache = {}

    @jax.checkpoint
    def rk4_step(state, y):
        if 'f' not in cache:
            cache['f'] = nnx.merge(graphdef, state)
        f = cache['f']
        k1 = f(y)
        k2 = f(y + 0.5 * dt * k1)
        k3 = f(y + 0.5 * dt * k2)
        k4 = f(y + dt * k3)
        return y + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)

    return rk4_step, cache


def main():
    field = VectorField(2, nnx.Rngs(0))
    graphdef, state = nnx.split(field)
    step, cache = make_rk4_step(graphdef, dt=0.1)

    def body(y, _):
        y = step(state, y)
        return y, y

    y_final, path = jax.lax.scan(body, jnp.ones((4, 2)), None, length=10)
    velocity = cache['f'](y_final)
    velocity.block_until_ready()
    return None
