# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 an evaluate helper scans over batches calling model.eval_step, a bound method that accumulates counts into the plain dict self.metrics held on the module
# modelled on: google/flax PR #4384 "[nnx] add performance guide notebook" (metrics.update inside the step) and google/flax issue #4722 "How to train an NNX netowork using scan and jit?"
"""Evaluate a small classifier over a stack of batches in one scan."""
import jax
import jax.numpy as jnp
from flax import nnx


class Classifier(nnx.Module):
    def __init__(self, din: int, classes: int, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, classes, rngs=rngs)
        self.metrics = {"hits": 0, "seen": 0, "loss": 0.0}

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))

    def eval_step(self, x, y):
        logits = self(x)
        loss = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], -1))
        self.metrics["hits"] = self.metrics["hits"] + jnp.sum(logits.argmax(-1) == y)
        self.metrics["seen"] = self.metrics["seen"] + y.shape[0]
        self.metrics["loss"] = self.metrics["loss"] + loss
        return loss


def evaluate(model: Classifier, xs, ys):
    def body(carry, batch):
        return carry, model.eval_step(*batch)

    _, losses = jax.lax.scan(body, None, (xs, ys))
    return losses


def main():
    xs = jax.random.normal(jax.random.key(0), (5, 8, 6))
    ys = jax.random.randint(jax.random.key(1), (5, 8), 0, 3)
    model = Classifier(6, 3, rngs=nnx.Rngs(0))
    losses = evaluate(model, xs, ys)
    accuracy = model.metrics["hits"] / model.metrics["seen"]
    print(losses.mean(), accuracy)
    return None
