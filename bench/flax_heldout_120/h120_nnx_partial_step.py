# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the fori_loop runs a functools.partial of sgd_step bound to the graphdef and a Tracker; the step stores the merged model on the tracker
"""Training with lax.fori_loop over a functools.partial step that merges an NNX model from the carry.

Modelled on reports where the split/merge pattern is done right for the carry, but the step
also keeps a handle to the merged model on a tracker object so it can be evaluated later.
"""
import functools

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(3, 12, rngs=rngs)
        self.l2 = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


class Tracker:
    model = None


def sgd_step(graphdef, tracker, xs, ys, i, state):
    model, optimizer = nnx.merge(graphdef, state)
    grads = nnx.grad(lambda m: jnp.mean((m(xs[i]) - ys[i]) ** 2))(model)
    optimizer.update(model, grads)
    tracker.model = model
    return nnx.split((model, optimizer))[1]


def main():
    model = Net(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(1), (6, 8, 3))
    ys = jnp.sin(xs.sum(-1, keepdims=True))
    graphdef, state = nnx.split((model, optimizer))
    tracker = Tracker()
    step = functools.partial(sgd_step, graphdef, tracker, xs, ys)
    state = jax.lax.fori_loop(0, xs.shape[0], step, state)
    preds = tracker.model(xs[0])
    jax.block_until_ready(preds)
    return None
