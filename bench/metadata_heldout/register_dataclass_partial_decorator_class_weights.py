# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 5 @partial(register_dataclass, data_fields=..., meta_fields=...) with class weights from np.asarray in the meta fields
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@partial(jax.tree_util.register_dataclass, data_fields=["logits"], meta_fields=["class_weights"])
@dataclasses.dataclass
class WeightedLogits:
    logits: jax.Array
    class_weights: np.ndarray


@jax.jit
def weighted_nll(batch, labels):
    log_probs = jax.nn.log_softmax(batch.logits)
    picked = jnp.take_along_axis(log_probs, labels[:, None], axis=1)[:, 0]
    return -jnp.mean(picked * jnp.asarray(batch.class_weights)[labels])


def main():
    counts = [10, 30, 60]
    for _ in range(3):
        weights = np.asarray([1.0 / c for c in counts])
        weighted_nll(WeightedLogits(jnp.zeros((4, 3)), weights), jnp.array([0, 1, 2, 0]))
