# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 adaptive-step neural ODE/SDE drift submodule first called inside a raw while_loop closure at init
"""Deterministic part of a neural SDE solved with an adaptive Heun step-size controller."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class AdaptiveDriftSolver(nn.Module):
    dim: int = 3
    t1: float = 1.0
    rtol: float = 1e-3

    @nn.compact
    def __call__(self, x0):
        drift = nn.Sequential([nn.Dense(32), nn.tanh, nn.Dense(self.dim)])

        def cond(state):
            t, _, _, n = state
            return jnp.logical_and(t < self.t1, n < 100)

        def body(state):
            t, x, dt, n = state
            dt = jnp.minimum(dt, self.t1 - t)
            k1 = drift(x)
            k2 = drift(x + dt * k1)
            x_new = x + 0.5 * dt * (k1 + k2)
            err = jnp.max(jnp.abs(0.5 * dt * (k2 - k1))) / self.rtol
            accept = err <= 1.0
            t = jnp.where(accept, t + dt, t)
            x = jnp.where(accept, x_new, x)
            dt = dt * jnp.clip(0.9 * err ** -0.5, 0.2, 5.0)
            return t, x, dt, n + 1

        _, x1, _, _ = jax.lax.while_loop(cond, body, (0.0, x0, 0.1, 0))
        return x1


def main():
    x0 = jnp.ones((4, 3))
    model = AdaptiveDriftSolver()
    variables = model.init(jax.random.key(0), x0)
    model.apply(variables, x0).block_until_ready()
    return None
