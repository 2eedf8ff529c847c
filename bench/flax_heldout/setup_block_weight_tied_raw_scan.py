# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 universal transformer: one setup block applied at every depth step of a raw scan, never called before
import flax.linen as nn
import jax
import jax.numpy as jnp


class Block(nn.Module):
    @nn.compact
    def __call__(self, h):
        h = h + nn.SelfAttention(num_heads=2)(nn.LayerNorm()(h))
        return h + nn.Dense(h.shape[-1])(nn.relu(nn.Dense(16)(h)))


class UniversalTransformer(nn.Module):
    depth: int = 4

    def setup(self):
        self.block = Block()

    def __call__(self, x):
        h, _ = jax.lax.scan(lambda h, _: (self.block(h), None), x, None, length=self.depth)
        return h


def main():
    x = jnp.ones((2, 3, 8))
    model = UniversalTransformer()
    variables = model.init(jax.random.PRNGKey(0), x)
    model.apply(variables, x)
