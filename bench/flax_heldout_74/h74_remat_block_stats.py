# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 an nn.remat block with BatchNorm is called inside a raw jax.lax.scan over depth in the parent's __call__; the batch_stats written there are used after apply
"""Weight-shared deep encoder: one rematerialised residual block applied N times."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ResidualBlock(nn.Module):
    dim: int = 16

    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(self.dim)(x)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return x + nn.gelu(h)


class SharedDepthEncoder(nn.Module):
    dim: int = 16
    depth: int = 4

    @nn.compact
    def __call__(self, x, train: bool = True):
        block = nn.remat(ResidualBlock, static_argnums=(2,))(self.dim)
        x = block(x, train)

        def body(h, _):
            return block(h, train), None

        x, _ = jax.lax.scan(body, x, None, length=self.depth - 1)
        return x


def ema(old, new, decay=0.99):
    return jax.tree_util.tree_map(lambda o, n: decay * o + (1 - decay) * n, old, new)


def main():
    model = SharedDepthEncoder()
    x = jax.random.normal(jax.random.PRNGKey(0), (4, 16))
    variables = model.init(jax.random.PRNGKey(1), x, train=False)
    _, updates = model.apply(variables, x, train=True, mutable=["batch_stats"])
    ema(variables["batch_stats"], updates["batch_stats"])
    return None
