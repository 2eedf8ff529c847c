# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the classifier is a local of evaluate that the fori_loop body calls directly, still in training mode
"""Accumulating test accuracy over batches with lax.fori_loop for an NNX BatchNorm classifier.

Shape of reports where the evaluation loop calls the model straight after training, without
switching it to eval mode, so BatchNorm tries to update its statistics inside the loop.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Classifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(6, 16, rngs=rngs)
        self.bn = nnx.BatchNorm(16, rngs=rngs)
        self.fc2 = nnx.Linear(16, 3, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.relu(self.bn(self.fc1(x))))


def evaluate(model, images, labels):
    def body(i, correct):
        logits = model(images[i])
        return correct + jnp.sum(jnp.argmax(logits, -1) == labels[i])

    correct = jax.lax.fori_loop(0, images.shape[0], body, 0)
    return correct / labels.size


def main():
    model = Classifier(nnx.Rngs(0))
    images = jax.random.normal(jax.random.key(1), (4, 8, 6))
    labels = jax.random.randint(jax.random.key(2), (4, 8), 0, 3)
    model(images[0])  # one training-mode forward pass
    acc = evaluate(model, images, labels)
    jax.block_until_ready(acc)
    return None
