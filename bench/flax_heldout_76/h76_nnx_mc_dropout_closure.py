# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 nnx model with Dropout closed over by the scan body and called in train mode, mutating its RngCount
"""Monte-Carlo dropout uncertainty: run the classifier N times with dropout
on, using jax.lax.scan over the sample index instead of a Python loop."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class Classifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(6, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.fc2 = nnx.Linear(16, 3, rngs=rngs)

    def __call__(self, x):
        return self.fc2(self.drop(nnx.relu(self.fc1(x))))


def main():
    model = Classifier(nnx.Rngs(0))
    model.train()
    x = jnp.ones((4, 6))

    def one_sample(carry, _):
        probs = jax.nn.softmax(model(x), -1)
        return carry, probs

    _, probs = scan(one_sample, None, None, length=8)
    uncertainty = probs.std(0).mean()
    uncertainty.block_until_ready()
    return None
