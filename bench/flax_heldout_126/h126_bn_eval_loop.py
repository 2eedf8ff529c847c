# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the local model and variables go straight into the fori_loop body, which calls model.apply without mutable= and with the default train=True
"""Test-set accuracy of a small BatchNorm classifier, computed in a fori_loop.

The evaluation loop walks over the stacked test batches with lax.fori_loop and calls
model.apply(variables, x) on each one, relying on the module's default arguments.
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
        logits = model.apply(variables, xs[i])
        return correct + jnp.sum(jnp.argmax(logits, -1) == ys[i])

    correct = lax.fori_loop(0, xs.shape[0], body, 0)
    print("test accuracy", correct / ys.size)
    return None
