# label: ok
# flax-error: none
# class: 3 batch_stats carried through the scan and rebound inside the body, unbind returns them
"""Test-time adaptation, fixed: bind inside the body with the carried stats and unbind to return them."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(8)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.Dense(2)(x)


def main():
    model = Classifier()
    test_batches = jnp.ones((3, 4, 5))
    variables = model.init(jax.random.PRNGKey(0), test_batches[0])
    params = variables["params"]

    def adapt(batch_stats, batch):
        bound = model.bind({"params": params, "batch_stats": batch_stats}, mutable=["batch_stats"])
        logits = bound(batch, train=True)
        _, adapted = bound.unbind()
        return adapted["batch_stats"], logits.argmax(-1)

    stats, _ = jax.lax.scan(adapt, variables["batch_stats"], test_batches)
    mean = stats["BatchNorm_0"]["mean"] + 0.0
    jax.block_until_ready(mean)
    return None
