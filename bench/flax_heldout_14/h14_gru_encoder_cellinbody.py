# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 nn.GRUCell constructed inside the inline scan body of a compact __call__
# Repro: "UnexpectedTracerError after init of a GRU encoder written with lax.scan"
import jax
import jax.numpy as jnp
import flax.linen as nn


class Encoder(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, tokens):
        h0 = jnp.zeros((tokens.shape[0], self.hidden))

        def step(h, x_t):
            h, y = nn.GRUCell(features=self.hidden)(h, x_t)
            return h, y

        h, ys = jax.lax.scan(step, h0, jnp.swapaxes(tokens, 0, 1))
        return h


def main():
    x = jnp.ones((2, 5, 8))
    variables = Encoder().init(jax.random.PRNGKey(0), x)
    variables = jax.tree.map(lambda a: a + 0, variables)
    Encoder().apply(variables, x)
    return None
