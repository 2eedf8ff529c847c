# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the shared block's parameters are first reached through the step closure built by make_block_fn, which the scan body calls during init
import jax
import jax.numpy as jnp
import flax.linen as linen
from jax.lax import scan


class ResidualMLP(linen.Module):
    features: int
    expansion: int = 2

    @linen.compact
    def __call__(self, x):
        h = linen.LayerNorm()(x)
        h = linen.Dense(self.features * self.expansion)(h)
        h = linen.gelu(h)
        return linen.Dense(self.features)(h)


def make_block_fn(block, drop_rate, deterministic):
    def apply_block(h, key):
        update = block(h)
        if deterministic or drop_rate == 0.0:
            return h + update, None
        keep = jax.random.bernoulli(key, 1.0 - drop_rate, (h.shape[0], 1))
        return h + jnp.where(keep, update / (1.0 - drop_rate), 0.0), None

    return apply_block


class StochasticDepthStack(linen.Module):
    """A weight-tied residual stack; each pass through the block may be dropped."""

    depth: int = 4
    drop_rate: float = 0.25

    @linen.compact
    def __call__(self, x, train: bool = True):
        block = ResidualMLP(x.shape[-1])
        step = make_block_fn(block, self.drop_rate, deterministic=not train)
        keys = jax.random.split(self.make_rng("droppath"), self.depth)
        h, _ = scan(step, x, keys)
        return linen.Dense(3, name="head")(h)


def main():
    model = StochasticDepthStack()
    x = jnp.ones((2, 6))
    variables = model.init({"params": jax.random.key(0), "droppath": jax.random.key(1)}, x)
    logits = model.apply(variables, x, rngs={"droppath": jax.random.key(2)})
    jax.block_until_ready(logits)
    return None
