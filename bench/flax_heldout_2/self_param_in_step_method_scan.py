# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 self.param declared in a step method that a raw lax.scan runs
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class LeakyIntegrator(nn.Module):
    features: int = 8

    def step(self, state, u):
        decay = self.param("decay", nn.initializers.constant(0.9), (self.features,))
        state = decay * state + u
        return state, state

    @nn.compact
    def __call__(self, us):
        s0 = jnp.zeros(us.shape[1:])
        _, states = lax.scan(self.step, s0, us)
        return states


def main():
    us = jnp.ones((10, 8))
    model = LeakyIntegrator()
    variables = model.init(jax.random.key(0), us)
    model.apply(variables, us)
    return None
