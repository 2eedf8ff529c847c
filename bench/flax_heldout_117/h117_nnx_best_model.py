# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the scan body merges the model from the carried state and stores the merged NNX model in the local dict `latest` from main
"""Functional NNX training loop in a raw lax.scan that keeps a handle on the latest model.

Shape of the reports: split/merge done right for the carry, but the merged module is also
stashed in a Python container from inside the body and used for evaluation afterwards.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Classifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(2, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 2, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))


def loss_fn(model, x, y):
    logits = model(x)
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], axis=-1))


def main():
    xs = jax.random.normal(jax.random.key(0), (8, 32, 2))
    ys = (xs[..., 0] * xs[..., 1] > 0).astype(jnp.int32)
    graphdef, params = nnx.split(Classifier(nnx.Rngs(1)))
    latest = {}

    def step(params, batch):
        x, y = batch
        model = nnx.merge(graphdef, params)
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        params = jax.tree.map(lambda p, g: p - 0.1 * g, nnx.state(model), grads)
        latest["model"] = nnx.merge(graphdef, params)
        return params, loss

    _, losses = lax.scan(step, params, (xs, ys))
    acc = jnp.mean(latest["model"](xs[0]).argmax(-1) == ys[0])
    print("losses", losses, "acc", float(acc))
    return None
