# label: ok
# flax-error: none
# class: 2 the variables dict local to evaluate() goes straight into the scan body, which applies the model with train=False
"""Eval accuracy over a stack of batches with lax.scan, BatchNorm on its running averages."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class SmallCNN(nn.Module):
    num_classes: int = 10

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Conv(8, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        x = x.mean(axis=(1, 2))
        return nn.Dense(self.num_classes)(x)


def evaluate(model, variables, images, labels):
    def body(correct, batch):
        x, y = batch
        logits = model.apply(variables, x, train=False)
        return correct + jnp.sum(jnp.argmax(logits, -1) == y), None

    correct, _ = lax.scan(body, jnp.zeros((), jnp.int32), (images, labels))
    return correct / labels.size


def main():
    model = SmallCNN()
    images = jax.random.normal(jax.random.key(0), (3, 4, 8, 8, 1))
    labels = jax.random.randint(jax.random.key(1), (3, 4), 0, 10)
    variables = model.init(jax.random.key(2), images[0], train=True)
    acc = evaluate(model, variables, images, labels)
    print("eval accuracy", float(acc))
    return None
