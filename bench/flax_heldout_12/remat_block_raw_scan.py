# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 nn.remat applied to the residual block class; the remat'd block is constructed and first called inside a raw lax.scan body over depth
import jax
import jax.numpy as jnp
import flax.linen as nn


class ResidualBlock(nn.Module):
    width: int = 16

    @nn.compact
    def __call__(self, x):
        y = nn.LayerNorm()(x)
        y = nn.Dense(self.width)(nn.relu(nn.Dense(self.width * 2)(y)))
        return x + y


RematBlock = nn.remat(ResidualBlock)


class DeepResNet(nn.Module):
    depth: int = 6

    @nn.compact
    def __call__(self, x):
        def body(h, _):
            return RematBlock(name="shared_block")(h), None

        h, _ = jax.lax.scan(body, x, None, length=self.depth)
        return nn.Dense(1)(h)


def main():
    model = DeepResNet()
    x = jnp.ones((2, 16))
    variables = model.init(jax.random.PRNGKey(0), x)
    variables = jax.tree.map(lambda a: a + 0, variables)
    out = model.apply(variables, x)
    jax.block_until_ready(out)
    return None
