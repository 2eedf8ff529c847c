# label: ok
# flax-error: none
# class: 5 the fori_loop carry holds running sums of the metrics computed with apply
"""The fix: accumulate the metric sums in the fori_loop carry and divide after the loop."""
import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


class Classifier(nn.Module):
    classes: int = 3

    @nn.compact
    def __call__(self, x):
        return nn.Dense(self.classes)(nn.relu(nn.Dense(16)(x)))


def main():
    model = Classifier()
    images = jax.random.normal(jax.random.PRNGKey(1), (4, 8, 5))
    labels = jnp.arange(32).reshape(4, 8) % 3
    variables = model.init(jax.random.PRNGKey(0), images[0])

    def eval_batch(i, sums):
        acc_sum, loss_sum = sums
        logits = model.apply(variables, images[i])
        loss = jnp.mean(-jax.nn.log_softmax(logits)[jnp.arange(8), labels[i]])
        acc = jnp.mean(jnp.argmax(logits, -1) == labels[i])
        return acc_sum + acc, loss_sum + loss

    acc_sum, loss_sum = lax.fori_loop(0, images.shape[0], eval_batch, (0.0, 0.0))
    mean_acc = acc_sum / images.shape[0]
    mean_acc.block_until_ready()
    return None
