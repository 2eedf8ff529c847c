# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 an evaluator binds the variables once (model.bind) and scans a jax.checkpoint-wrapped body that calls the bound model with its train=True default; BatchNorm writes batch_stats
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class ConvClassifier(nn.Module):
    num_classes: int = 5

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Conv(8, (3,))(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x).mean(axis=1)
        return nn.Dense(self.num_classes)(x)


class Evaluator:
    def __init__(self, model, variables):
        self.bound = model.bind(variables)

    def logits(self, x):
        return self.bound(x)

    def accuracy(self, xs, ys):
        @functools.partial(jax.checkpoint, prevent_cse=False)
        def body(correct, batch):
            x, y = batch
            return correct + jnp.sum(jnp.argmax(self.logits(x), -1) == y), None

        correct, _ = jax.lax.scan(body, jnp.int32(0), (xs, ys))
        return correct / ys.size


def main():
    xs = jax.random.normal(jax.random.key(1), (3, 4, 12, 2))
    ys = jax.random.randint(jax.random.key(2), (3, 4), 0, 5)
    model = ConvClassifier()
    variables = model.init(jax.random.key(0), xs[0], train=False)
    Evaluator(model, variables).accuracy(xs, ys)
    return None
