# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 a shared BatchNorm block is called inline in a raw fori_loop body in train mode (init and apply, mutable batch_stats); the returned stats are fed to the next apply
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class SharedBlock(nn.Module):
    features: int = 4

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(self.features)(x)
        return nn.relu(x)


class DeepShared(nn.Module):
    depth: int = 3

    @nn.compact
    def __call__(self, x, train: bool = True):
        block = SharedBlock()
        norm = nn.BatchNorm(use_running_average=not train)
        x = norm(block(x))

        def body(i, h):
            return h + norm(block(h))

        return lax.fori_loop(1, self.depth, body, x)


def main():
    model = DeepShared()
    x = jnp.arange(8.0).reshape(2, 4)
    variables = model.init(jax.random.key(0), x)
    params = variables["params"]
    batch_stats = variables["batch_stats"]
    for _ in range(2):
        y, updates = model.apply({"params": params, "batch_stats": batch_stats}, x, mutable=["batch_stats"])
        batch_stats = updates["batch_stats"]
    return None
