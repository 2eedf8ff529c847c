# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 submodule defined in setup whose first call happens inside a fori_loop body
import jax
import jax.numpy as jnp
import flax.linen as nn


class Refiner(nn.Module):
    n_iter: int = 4

    def setup(self):
        self.proj = nn.Dense(8)

    def __call__(self, x):
        def one_step(i, z):
            return jnp.tanh(self.proj(z)) + x

        return jax.lax.fori_loop(0, self.n_iter, one_step, x)


def main():
    m = Refiner()
    x = jnp.ones((3, 8))
    params = m.init(jax.random.key(1), x)
    y = m.apply(params, x)
    print("y", y.shape)
    return None
