# label: ok
# flax-error: none
# class: 3 Evaluator.evaluate scans the validation batches and applies self.model with self.variables and train=False
"""Validation accuracy of a small conv classifier computed with a scan inside an Evaluator."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class ConvNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Conv(8, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x).mean(axis=(1, 2))
        return nn.Dense(4)(x)


class Evaluator:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def evaluate(self, images, labels):
        def body(correct, batch):
            x, y = batch
            logits = self.model.apply(self.variables, x, train=False)
            return correct + jnp.sum(logits.argmax(-1) == y), None

        correct, _ = scan(body, jnp.zeros((), jnp.int32), (images, labels))
        return correct / labels.size


def main():
    key = jax.random.key(0)
    images = jax.random.normal(key, (3, 8, 6, 6, 1))
    labels = jax.random.randint(key, (3, 8), 0, 4)
    model = ConvNet()
    variables = model.init(key, images[0], train=False)
    acc = Evaluator(model, variables).evaluate(images, labels)
    acc.block_until_ready()
    return None
