# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 an Evaluator object holds an eval-mode NNX model; the scan body appends each traced batch loss to self.history
"""Evaluation harness for a legal-clause classifier; batches of a held-out split are scanned."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import scan


class ClauseNet(nnx.Module):
    def __init__(self, din, classes, *, rngs):
        self.fc1 = nnx.Linear(din, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.fc2 = nnx.Linear(32, classes, rngs=rngs)

    def __call__(self, x):
        return self.fc2(self.drop(nnx.relu(self.fc1(x))))


class Evaluator:
    def __init__(self, model):
        self.model = model
        self.history = []

    def evaluate(self, xs, ys):
        self.model.eval()

        def batch_loss(carry, batch):
            x, y = batch
            loss = optax.softmax_cross_entropy_with_integer_labels(self.model(x), y).mean()
            self.history.append(loss)
            return carry + loss, None

        total, _ = scan(batch_loss, jnp.zeros(()), (xs, ys))
        return total / xs.shape[0]

    def report(self):
        return {"mean": jnp.mean(jnp.stack(self.history)), "max": jnp.max(jnp.stack(self.history))}


def main():
    ev = Evaluator(ClauseNet(20, 5, rngs=nnx.Rngs(0)))
    ev.evaluate(jnp.ones((4, 8, 20)), jnp.zeros((4, 8), jnp.int32))
    ev.report()
    return None
