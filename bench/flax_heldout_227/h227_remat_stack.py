# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a weight-shared block wrapped with nn.remat is created in the compact method and applied inside a raw scan over depth
"""Weight-shared deep residual stack (a "universal transformer"-style MLP) with rematerialization.

Modelled on memory-saving reports: the user wraps the shared block with nn.remat and iterates it
with a raw lax.scan over depth to keep compile time low. The block is called once before the loop
so init succeeds, but at apply time the lifted remat transform runs inside the raw scan body
and lets a traced value escape.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Block(nn.Module):
    width: int = 16

    @nn.compact
    def __call__(self, h):
        y = nn.LayerNorm()(h)
        y = nn.gelu(nn.Dense(self.width * 2)(y))
        return h + nn.Dense(self.width)(y)


class SharedStack(nn.Module):
    width: int = 16
    depth: int = 6

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.width)(x)
        block = nn.remat(Block)(self.width)
        h = block(h)

        def layer(h, _):
            return block(h), None

        h, _ = jax.lax.scan(layer, h, None, length=self.depth - 1)
        return nn.Dense(1)(h)


def main():
    model = SharedStack()
    x = jax.random.normal(jax.random.key(0), (8, 4))
    params = model.init(jax.random.key(1), x)["params"]
    y = model.apply({"params": params}, x)
    jax.block_until_ready(y)
