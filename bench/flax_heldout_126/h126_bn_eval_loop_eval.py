# label: ok
# flax-error: none
# class: 2 the local model and variables go straight into the fori_loop body, which calls model.apply(..., train=False)
"""Test-set accuracy of a small BatchNorm classifier, computed in a fori_loop.

The evaluation loop walks over the stacked test batches with lax.fori_loop and calls
model.apply(variables, x, train=False) on each one, so BatchNorm only reads its running
statistics.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Classifier(nn.Module):
    num_classes: int = 4

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x)
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(self.num_classes)(nn.relu(x))


def main():
    key_x, key_y, key_init = jax.random.split(jax.random.PRNGKey(0), 3)
    xs = jax.random.normal(key_x, (5, 20, 8))
    ys = jax.random.randint(key_y, (5, 20), 0, 4)

    model = Classifier()
    variables = model.init(key_init, xs[0], train=False)

    def body(i, correct):
        logits = model.apply(variables, xs[i], train=False)
        return correct + jnp.sum(jnp.argmax(logits, -1) == ys[i])

    correct = lax.fori_loop(0, xs.shape[0], body, 0)
    print("test accuracy", correct / ys.size)
    return None
