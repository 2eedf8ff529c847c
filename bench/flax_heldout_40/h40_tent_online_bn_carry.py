# label: ok
# flax-error: none
# class: 5 the lax.fori_loop carry holds the batch_stats collection; the body returns the updated statistics from apply(..., mutable=['batch_stats'])
"""TENT-style test-time adaptation of BatchNorm statistics on a stream of sensor batches
(continual / online learning under distribution shift)."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Classifier(nn.Module):
    classes: int = 5

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(self.classes)(x)


def adapt_on_stream(model, variables, stream):
    params = variables["params"]

    def body(i, carry):
        batch_stats, confident = carry
        logits, updates = model.apply({"params": params, "batch_stats": batch_stats},
                                      stream[i], train=True, mutable=["batch_stats"])
        return updates["batch_stats"], confident + jnp.mean(jax.nn.softmax(logits).max(-1))

    batch_stats, confident = jax.lax.fori_loop(
        0, stream.shape[0], body, (variables["batch_stats"], 0.0))
    return {"params": params, "batch_stats": batch_stats}, confident / stream.shape[0]


def main():
    stream = jax.random.normal(jax.random.key(0), (10, 16, 12)) * 2.0 + 1.0  # shifted inputs
    model = Classifier()
    variables = model.init(jax.random.key(1), stream[0], train=False)
    adapted, _ = adapt_on_stream(model, variables, stream)
    preds = model.apply(adapted, stream[-1], train=False).argmax(-1)
    jax.block_until_ready(preds)
    return None
