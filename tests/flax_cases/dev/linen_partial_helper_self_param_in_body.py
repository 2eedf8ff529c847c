# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a module-level helper bound with `partial(helper, self, state_dim=...)` to a name the body calls creates a param with `layer.param`
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
        decay = partial(_ssm_step, self, state_dim=self.state_dim)
        def body(h, u_t):
            h = decay(h) + u_t
            return h, h
        return lax.scan(body, jnp.zeros((self.state_dim,)), u)[1]


def main():
    model = DiagonalSSM()
    u = jnp.ones((6, 8))
    variables = model.init(jax.random.key(0), u)
    model.apply(variables, u)
