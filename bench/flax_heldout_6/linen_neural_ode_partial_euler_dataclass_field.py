# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a module-level Euler step bound with functools.partial(field=self.field) to a vector-field module held in a dataclass field, run by lax.fori_loop during init
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class VectorField(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, t, y):
        h = jnp.concatenate([y, jnp.broadcast_to(t, y.shape[:-1] + (1,))], axis=-1)
        return nn.Dense(y.shape[-1])(nn.tanh(nn.Dense(self.hidden)(h)))


def euler_step(i, y, *, field, dt):
    return y + dt * field(i * dt, y)


class ODEBlock(nn.Module):
    field: nn.Module
    n_steps: int = 5
    t1: float = 1.0

    def __call__(self, y0):
        dt = self.t1 / self.n_steps
        step = functools.partial(euler_step, field=self.field, dt=dt)
        return jax.lax.fori_loop(0, self.n_steps, step, y0)


def main():
    block = ODEBlock(field=VectorField())
    y0 = jnp.ones((3, 2))
    variables = block.init(jax.random.key(0), y0)
    y1 = block.apply(variables, y0)
    y1.block_until_ready()
    return None
