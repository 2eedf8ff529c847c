# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 jax.checkpoint(step) at the scan call; the step first calls a setup MLP
import flax.linen as nn
import jax
import jax.numpy as jnp


class MLP(nn.Module):
    width: int = 16

    @nn.compact
    def __call__(self, x):
        return nn.Dense(x.shape[-1])(nn.gelu(nn.Dense(self.width)(x)))


class DeepResidual(nn.Module):
    depth: int = 6

    def setup(self):
        self.block = MLP()

    def __call__(self, x):
        def step(h, _):
            return h + self.block(h), None

        h, _ = jax.lax.scan(jax.checkpoint(step), x, None, length=self.depth)
        return h


def main():
    x = jnp.ones((2, 4))
    model = DeepResidual()
    variables = model.init(jax.random.PRNGKey(0), x)
    model.apply(variables, x)
