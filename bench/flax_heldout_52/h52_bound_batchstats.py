# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a module bound outside with model.bind(mutable=['batch_stats']) is called inside a raw fori_loop body, its stats leak
"""Recomputing BatchNorm statistics after training (PyTorch's update_bn) with a bound module."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class ConvNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Conv(8, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x)
        return nn.Dense(10)(x.mean(axis=(1, 2)))


def main():
    model = ConvNet()
    images = jax.random.normal(jax.random.PRNGKey(0), (4, 2, 8, 8, 1))
    variables = model.init(jax.random.PRNGKey(1), images[0])
    bound = model.bind(variables, mutable=["batch_stats"])

    def body(i, total):
        logits = bound(images[i], train=True)
        return total + logits.mean()

    lax.fori_loop(0, images.shape[0], body, 0.0)
    stats = bound.variables["batch_stats"]
    mean = jnp.mean(stats["BatchNorm_0"]["mean"])
    mean.block_until_ready()
    return None
