# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 transformer encoder with a raw lax.scan over layers that builds attention and MLP in the body
import flax.linen as nn
import jax
import jax.numpy as jnp


class Encoder(nn.Module):
    depth: int = 3
    dim: int = 8

    @nn.compact
    def __call__(self, x):
        def layer(h, _):
            h = h + nn.MultiHeadDotProductAttention(num_heads=2)(nn.LayerNorm()(h))
            h = h + nn.Dense(self.dim)(nn.gelu(nn.Dense(4 * self.dim)(nn.LayerNorm()(h))))
            return h, None

        h, _ = jax.lax.scan(layer, x, None, length=self.depth)
        return h


def main():
    x = jnp.ones((2, 5, 8))
    enc = Encoder()
    variables = enc.init(jax.random.PRNGKey(0), x)
    enc.apply(variables, x)
