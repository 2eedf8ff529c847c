# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 while_loop body lambda calls the setup submodule self.f, whose params are first created inside the loop during init
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop


class DEQLayer(nn.Module):
    dim: int = 4
    max_iter: int = 12
    tol: float = 1e-3

    def setup(self):
        self.f = nn.Dense(self.dim)

    def __call__(self, x):
        cond = lambda s: (s[2] < self.max_iter) & (jnp.max(jnp.abs(s[0] - s[1])) > self.tol)
        body = lambda s: (jnp.tanh(self.f(s[0]) + x), s[0], s[2] + 1)
        z0 = jnp.zeros_like(x)
        z, _, n_iter = while_loop(cond, body, (z0, z0 + 1.0, 0))
        return z


def main():
    model = DEQLayer()
    x = jnp.ones((2, 4)) * 0.5
    variables = model.init(jax.random.PRNGKey(0), x)
    z = jax.jit(model.apply)(variables, x)
    z.block_until_ready()
    return None
