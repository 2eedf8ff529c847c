# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 nn.cond with Dense branches first called inside a raw scan body during init
"""Shape from the flax nn.cond docstring (branches taking the module as first argument) used as an
adaptive refinement step in an iterative solver written with jax.lax.scan."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class IterativeRefiner(nn.Module):
    features: int = 4
    n_iters: int = 4

    @nn.compact
    def __call__(self, x):
        coarse = nn.Dense(self.features, name="coarse")
        fine = nn.Dense(self.features, name="fine")

        def refine(mdl, h):
            return fine(h)

        def skip(mdl, h):
            return coarse(h)

        def body(h, i):
            h = nn.cond(i % 2 == 0, refine, skip, self, h)
            return h, None

        h, _ = jax.lax.scan(body, x, jnp.arange(self.n_iters))
        return h


def main():
    model = IterativeRefiner()
    x = jnp.ones((2, 4))
    variables = model.init(jax.random.PRNGKey(0), x)
    y = model.apply(variables, x)
    jax.block_until_ready(y)
    return None
