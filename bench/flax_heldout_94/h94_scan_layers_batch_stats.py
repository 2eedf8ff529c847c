# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a BatchNorm submodule built in the module is called inside a raw jax.lax.scan over layers
"""'flax scan over layers loses batch_stats': a deep residual stack applies the same block
(shared weights) N times with jax.lax.scan inside the module; training apply with
mutable=['batch_stats'] and the updated stats are then used in the next step."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class SharedBlock(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x, train: bool):
        y = nn.Dense(self.features)(x)
        y = nn.BatchNorm(use_running_average=not train)(y)
        return x + nn.gelu(y)


class DeepShared(nn.Module):
    features: int = 8
    depth: int = 4

    @nn.compact
    def __call__(self, x, train: bool = True):
        block = SharedBlock(self.features)
        x = block(x, train)  # creates the variables

        def layer(h, _):
            return block(h, train), None

        x, _ = jax.lax.scan(layer, x, None, length=self.depth - 1)
        return x


def main():
    model = DeepShared()
    x = jnp.ones((4, 8))
    variables = model.init(jax.random.PRNGKey(0), x, train=False)
    out, updates = model.apply(variables, x, train=True, mutable=["batch_stats"])
    variables = {"params": variables["params"], **updates}
    model.apply(variables, x, train=False)
