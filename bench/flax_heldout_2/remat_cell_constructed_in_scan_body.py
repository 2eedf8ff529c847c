# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 nn.remat-wrapped block constructed inside the raw scan body
import jax
import jax.numpy as jnp
import flax.linen as nn


class Block(nn.Module):
    @nn.compact
    def __call__(self, x):
        return x + nn.Dense(x.shape[-1])(nn.gelu(x))


class DeepNet(nn.Module):
    depth: int = 4

    @nn.compact
    def __call__(self, x):
        def body(h, _):
            h = nn.remat(Block)()(h)
            return h, None

        x, _ = jax.lax.scan(body, x, None, length=self.depth)
        return x


def main():
    x = jnp.ones((2, 6))
    model = DeepNet()
    variables = model.init(jax.random.PRNGKey(0), x)
    model.apply(variables, x)
    return None
