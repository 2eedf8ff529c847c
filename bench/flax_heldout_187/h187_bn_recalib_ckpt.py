# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the scan body is jax.checkpoint(partial(recalib_step, bound)) where `bound` is the model bound with mutable=["batch_stats"]
"""Re-estimating BatchNorm running statistics after weight pruning: stream the
calibration batches through the network in train mode and keep the updated
statistics.  The step is rematerialised to keep memory down on big inputs."""
from functools import partial

import jax
import jax.numpy as jnp
from flax import linen as nn


class ConvNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Conv(8, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.5)(x)
        x = nn.relu(x)
        x = jnp.mean(x, axis=(1, 2))
        return nn.Dense(4)(x)


def recalib_step(bound, count, batch):
    bound(batch, train=True)
    return count + 1, None


def prune(params, frac=0.5):
    return jax.tree_util.tree_map(lambda w: jnp.where(jnp.abs(w) < frac * jnp.std(w), 0.0, w), params)


def main():
    model = ConvNet()
    batches = jax.random.normal(jax.random.key(0), (4, 2, 6, 6, 3))
    variables = model.init(jax.random.key(1), batches[0])
    variables = {"params": prune(variables["params"]), "batch_stats": variables["batch_stats"]}

    bound = model.bind(variables, mutable=["batch_stats"])
    step = jax.checkpoint(partial(recalib_step, bound))
    n, _ = jax.lax.scan(step, 0, batches)

    new_stats = bound.variables["batch_stats"]
    mean_norm = sum(jnp.sum(v["mean"] ** 2) for v in new_stats.values())
    return None
