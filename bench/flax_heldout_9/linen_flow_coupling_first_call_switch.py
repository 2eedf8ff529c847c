# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 coupling submodules from setup whose first call happens in lax.switch branches inside a raw fori_loop body
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class AffineCoupling(nn.Module):
    dim: int = 4

    @nn.compact
    def __call__(self, x):
        x1, x2 = jnp.split(x, 2)
        shift_scale = nn.Dense(self.dim)(x1)
        shift, log_scale = jnp.split(shift_scale, 2)
        return jnp.concatenate([x1, x2 * jnp.exp(jnp.tanh(log_scale)) + shift])[::-1]


class RealNVP(nn.Module):
    n_layers: int = 3

    def setup(self):
        self.layers = [AffineCoupling() for _ in range(self.n_layers)]

    def __call__(self, x):
        branches = [lambda z, l=l: l(z) for l in self.layers]

        def body(i, z):
            return lax.switch(i % self.n_layers, branches, z)

        return lax.fori_loop(0, 2 * self.n_layers, body, x)


def main():
    flow = RealNVP()
    x = jnp.arange(4.0)
    variables = flow.init(jax.random.key(0), x)
    z = flow.apply(variables, x)
    z.block_until_ready()
    return None
