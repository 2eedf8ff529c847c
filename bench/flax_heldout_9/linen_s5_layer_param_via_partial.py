# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 self.param created inside a raw scan body reached through functools.partial with keyword arguments
from functools import partial

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


def _ssm_step(layer, x_t, *, state_dim):
    log_lambda = layer.param("log_lambda", nn.initializers.normal(0.1), (state_dim,))
    return jnp.exp(-jnp.exp(log_lambda)) * x_t


class DiagonalSSM(nn.Module):
    state_dim: int = 8

    @nn.compact
    def __call__(self, u):
        B = self.param("B", nn.initializers.lecun_normal(), (u.shape[-1], self.state_dim))
        decay = partial(_ssm_step, self, state_dim=self.state_dim)

        def body(h, u_t):
            h = decay(h) + u_t @ B
            return h, h

        _, hs = lax.scan(body, jnp.zeros((self.state_dim,)), u)
        return hs


def main():
    layer = DiagonalSSM()
    u = jnp.ones((6, 3))
    variables = layer.init(jax.random.key(1), u)
    out = layer.apply(variables, u)
    out.block_until_ready()
    return None
