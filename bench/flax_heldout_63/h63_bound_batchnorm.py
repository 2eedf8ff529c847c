# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a module bound with mutable=["batch_stats"] is called inside the scan body; the stats it writes are read after the loop
"""Recomputing BatchNorm statistics after training (e.g. after SWA) with a bound model and jax.lax.scan."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ConvNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Conv(8, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.0)(x)
        x = nn.relu(x).mean((1, 2))
        return nn.Dense(10)(x)


def main():
    model = ConvNet()
    x = jnp.ones((2, 8, 8, 1))
    variables = model.init(jax.random.key(0), x, train=False)
    batches = jax.random.normal(jax.random.key(1), (4, 2, 8, 8, 1))

    bound = model.bind(variables, mutable=["batch_stats"])

    def recompute(_, batch):
        bound(batch, train=True)
        return None, None

    jax.lax.scan(recompute, None, batches)
    new_stats = bound.variables["batch_stats"]
    jax.tree.map(lambda s: s * 1.0, new_stats)
    return None
