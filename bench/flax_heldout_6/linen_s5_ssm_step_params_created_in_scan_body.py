# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 an S5-style diagonal SSM layer whose inline scan body calls self.param for Lambda, B and C, so they are created inside the traced body at init
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class S5Layer(nn.Module):
    state_dim: int = 8
    dt: float = 0.1

    @nn.compact
    def __call__(self, us):  # (length, features)
        features = us.shape[-1]

        def recurrence(x, u):
            log_lambda = self.param("log_neg_lambda", nn.initializers.normal(0.5), (self.state_dim,))
            B = self.param("B", nn.initializers.lecun_normal(), (self.state_dim, features))
            C = self.param("C", nn.initializers.lecun_normal(), (features, self.state_dim))
            lam_bar = jnp.exp(-jnp.exp(log_lambda) * self.dt)
            x = lam_bar * x + self.dt * B @ u
            return x, C @ x

        _, ys = scan(recurrence, jnp.zeros(self.state_dim), us)
        return ys + us


def main():
    layer = S5Layer()
    us = jnp.ones((7, 4))
    variables = layer.init(jax.random.key(0), us)
    ys = layer.apply(variables, us)
    ys.block_until_ready()
    return None
