# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 neural ODE block holds its vector field as a dataclass field; a helper _rk4_step called from the fori_loop body first calls it during init
"""Fixed-step RK4 neural ODE in Linen, in the style of the diffrax/torchdiffeq ports. The
vector field is an MLP passed in as a dataclass field and is only ever called from the
integrator's step helper, which runs inside jax.lax.fori_loop."""
from typing import Callable

import jax
import jax.numpy as jnp
import flax.linen as nn


class VectorField(nn.Module):
    width: int = 16

    @nn.compact
    def __call__(self, t, y):
        h = jnp.concatenate([y, jnp.broadcast_to(t, y.shape[:-1] + (1,))], axis=-1)
        h = nn.tanh(nn.Dense(self.width)(h))
        return nn.Dense(y.shape[-1])(h)


class ODEBlock(nn.Module):
    field: nn.Module
    num_steps: int = 4
    t1: float = 1.0

    def _rk4_step(self, t, y, dt):
        k1 = self.field(t, y)
        k2 = self.field(t + dt / 2, y + dt * k1 / 2)
        k3 = self.field(t + dt / 2, y + dt * k2 / 2)
        k4 = self.field(t + dt, y + dt * k3)
        return y + dt * (k1 + 2 * k2 + 2 * k3 + k4) / 6

    def __call__(self, y0):
        dt = self.t1 / self.num_steps

        def body(i, y):
            return self._rk4_step(i * dt, y, dt)

        return jax.lax.fori_loop(0, self.num_steps, body, y0)


def main():
    model = ODEBlock(field=VectorField())
    y0 = jnp.ones((2, 3))
    variables = model.init(jax.random.PRNGKey(0), y0)
    y1 = model.apply(variables, y0)
    assert y1.shape == (2, 3)
    return None
