# label: ok
# flax-error: none
# class: 5 model.apply is called inside a raw lax.fori_loop evaluation body with train=False, so BatchNorm only reads batch_stats
"""Evaluation loop that counts correct predictions over stacked batches with
lax.fori_loop, passing train=False so BatchNorm uses its running averages."""
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
        logits = model.apply(variables, images[i], train=False)
        return correct + jnp.sum(jnp.argmax(logits, -1) == labels[i])

    return lax.fori_loop(0, images.shape[0], body, jnp.int32(0))


def main():
    model = ConvNet()
    images = jnp.ones((4, 8, 12, 12, 1))
    labels = jnp.zeros((4, 8), dtype=jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), images[0], train=False)
    correct = evaluate(model, variables, images, labels)
    correct.block_until_ready()
