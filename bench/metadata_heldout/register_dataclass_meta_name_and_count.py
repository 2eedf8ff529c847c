# label: ok
# jax-error: none
# class: 5 register_dataclass with a string and an int listed in meta_fields
import dataclasses

import jax
import jax.numpy as jnp
from jax import tree_util


@dataclasses.dataclass
class Readout:
    weights: jax.Array
    metric: str
    num_classes: int


tree_util.register_dataclass(Readout, data_fields=["weights"], meta_fields=["metric", "num_classes"])


@jax.jit
def score(readout, features):
    logits = features @ readout.weights
    if readout.metric == "accuracy":
        return jnp.argmax(logits, axis=-1)
    return jax.nn.log_softmax(logits)[:, : readout.num_classes]


def main():
    for seed in range(3):
        readout = Readout(jax.random.normal(jax.random.PRNGKey(seed), (3, 4)), "accuracy", 4)
        score(readout, jnp.ones((2, 3)))
