# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the compact __call__ declares the shared Dense and runs the fori_loop itself, first calling the Dense in the body
"""Weight-tied iterative refinement (a DEQ-style block applied K times) with lax.fori_loop.

Shape of reports where one `nn.Dense` is meant to be shared across refinement steps and the
compact method calls it for the first time inside the loop body.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class TiedRefiner(nn.Module):
    features: int = 8
    steps: int = 5

    @nn.compact
    def __call__(self, x):
        block = nn.Dense(self.features, name="tied")
        inject = nn.Dense(self.features, name="inject")(x)

        def refine(i, z):
            return nn.tanh(block(z) + inject)

        return lax.fori_loop(0, self.steps, refine, jnp.zeros_like(inject))


def main():
    model = TiedRefiner()
    x = jnp.ones((3, 4))
    variables = model.init(jax.random.key(0), x)
    z = model.apply(variables, x)
    jax.block_until_ready(z)
    return None
