# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 model.apply is called inside a raw lax.fori_loop evaluation body with the BatchNorm train flag left at its default True and no mutable collections
"""Evaluation loop that counts correct predictions over stacked batches with
lax.fori_loop. The model's `train` argument defaults to True (as in the training code)
and the eval call does not pass it."""
import jax
import jax.numpy as jnp
from jax import lax
import flax.linen as nn


class ConvNet(nn.Module):
    classes: int = 10

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Conv(8, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x)
        x = jnp.mean(x, axis=(1, 2))
        return nn.Dense(self.classes)(x)


def evaluate(model, variables, images, labels):
    def body(i, correct):
        logits = model.apply(variables, images[i])
        return correct + jnp.sum(jnp.argmax(logits, -1) == labels[i])

    return lax.fori_loop(0, images.shape[0], body, jnp.int32(0))


def main():
    model = ConvNet()
    images = jnp.ones((4, 8, 12, 12, 1))
    labels = jnp.zeros((4, 8), dtype=jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), images[0], train=False)
    correct = evaluate(model, variables, images, labels)
    correct.block_until_ready()
