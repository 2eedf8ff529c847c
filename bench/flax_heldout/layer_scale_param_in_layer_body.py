# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 weight-tied residual stack creates a LayerScale self.param inside the raw scan over depth
import flax.linen as nn
import jax
import jax.numpy as jnp


class TiedStack(nn.Module):
    depth: int = 4

    @nn.compact
    def __call__(self, x):
        mlp = nn.Dense(x.shape[-1])
        mlp(x)

        def layer(h, _):
            gamma = self.param("gamma", nn.initializers.constant(1e-4), (h.shape[-1],))
            return h + gamma * nn.gelu(mlp(h)), None

        h, _ = jax.lax.scan(layer, x, None, length=self.depth)
        return h


def main():
    x = jnp.ones((2, 8))
    model = TiedStack()
    variables = model.init(jax.random.PRNGKey(0), x)
    model.apply(variables, x)
