# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 an nn.remat-wrapped residual block is created in Tower.__call__ and called again in the body of its raw scan
"""Deep residual tower: one rematerialised block applied repeatedly with lax.scan to save memory."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Block(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        y = nn.LayerNorm()(x)
        y = nn.Dense(4 * self.features)(y)
        y = nn.Dense(self.features)(nn.gelu(y))
        return x + y


RematBlock = nn.remat(Block)


class Tower(nn.Module):
    features: int = 8
    depth: int = 4

    @nn.compact
    def __call__(self, x):
        block = RematBlock(self.features)
        x = block(x)

        def body(h, _):
            return block(h), None

        x, _ = jax.lax.scan(body, x, None, length=self.depth - 1)
        return x


def main():
    x = jax.random.normal(jax.random.key(0), (4, 8))
    model = Tower()
    variables = model.init(jax.random.key(1), x)
    out = model.apply(variables, x)
    print(out.shape, out.mean())
    return None


if __name__ == "__main__":
    main()
