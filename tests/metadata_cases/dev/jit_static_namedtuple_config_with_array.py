# label: metadata-error
# jax-error: ValueError: Non-hashable static arguments are not supported. An error occurred while trying to hash an object of type <class 'metadata_case.LossConfig'>, LossConfig(label_smoothing=0.1, class_weights=Array([1., 2., 1.], dtype=float32)). The error was:
# class: 3 a NamedTuple config holding an array of class weights passed as a static_argnames argument
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


class LossConfig(NamedTuple):
    label_smoothing: float
    class_weights: jax.Array


@partial(jax.jit, static_argnames=("config",))
def weighted_xent(logits, labels, config):
    probs = jax.nn.log_softmax(logits)
    onehot = jax.nn.one_hot(labels, logits.shape[-1]) * (1 - config.label_smoothing)
    return -jnp.sum(onehot * probs * config.class_weights)


def main():
    config = LossConfig(0.1, jnp.array([1.0, 2.0, 1.0]))
    for _ in range(3):
        weighted_xent(jnp.zeros((4, 3)), jnp.array([0, 1, 2, 1]), config=config)
