# label: ok
# flax-error: none
# class: 5 the scan body is jax.checkpoint(partial(recalib_step, model, params)); the batch statistics ride in the scan carry and come back through mutable=["batch_stats"]
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


def recalib_step(model, params, batch_stats, batch):
    _, updates = model.apply(
        {"params": params, "batch_stats": batch_stats}, batch, train=True, mutable=["batch_stats"]
    )
    return updates["batch_stats"], None


def prune(params, frac=0.5):
    return jax.tree_util.tree_map(lambda w: jnp.where(jnp.abs(w) < frac * jnp.std(w), 0.0, w), params)


def main():
    model = ConvNet()
    batches = jax.random.normal(jax.random.key(0), (4, 2, 6, 6, 3))
    variables = model.init(jax.random.key(1), batches[0])
    params = prune(variables["params"])

    step = jax.checkpoint(partial(recalib_step, model, params))
    new_stats, _ = jax.lax.scan(step, variables["batch_stats"], batches)

    mean_norm = sum(jnp.sum(v["mean"] ** 2) for v in new_stats.values())
    return None
