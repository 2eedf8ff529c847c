# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 a list of Dense layers defined in setup is first called inside a raw jax.lax.scan body, so init creates their params there
"""Iterative refinement: a list of layers applied repeatedly, the repeat written as lax.scan."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Refiner(nn.Module):
    depth: int = 3
    rounds: int = 4

    def setup(self):
        self.layers = [nn.Dense(8) for _ in range(self.depth)]

    def __call__(self, x):
        def one_round(h, _):
            for layer in self.layers:
                h = nn.gelu(layer(h))
            return h, None

        h, _ = jax.lax.scan(one_round, x, None, length=self.rounds)
        return h


def main():
    model = Refiner()
    x = jnp.ones((2, 8))
    params = model.init(jax.random.PRNGKey(0), x)
    y = model.apply(params, x)
    y.block_until_ready()
    return None
