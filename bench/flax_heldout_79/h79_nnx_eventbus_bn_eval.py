# label: ok
# flax-error: none
# class: 4 the model reaches the while_loop body through a ValidationPlugin handler, switched with model.eval() before the loop
"""Validation driven by an event bus: the ValidationPlugin subscribes to 'validate_batch' and
scores one batch per event; the loop walks the validation set with jax.lax.while_loop until the
batches run out or the running loss exceeds a divergence guard."""
from collections import defaultdict

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class EventBus:
    def __init__(self):
        self.handlers = defaultdict(list)

    def on(self, name):
        def deco(fn):
            self.handlers[name].append(fn)
            return fn
        return deco

    def emit(self, name, *args):
        return [h(*args) for h in self.handlers[name]]


class TabularNet(nnx.Module):
    def __init__(self, d_in, rngs: nnx.Rngs):
        self.inp = nnx.Linear(d_in, 32, rngs=rngs)
        self.norm = nnx.BatchNorm(32, rngs=rngs)
        self.out = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.norm(self.inp(x))))[..., 0]


class ValidationPlugin:
    def __init__(self, model, bus):
        self.model = model
        self.model.eval()

        @bus.on("validate_batch")
        def score(x, y):
            return jnp.mean((self.model(x) - y) ** 2)


def validate(bus, xs, ys, guard=1e3):
    n = xs.shape[0]

    def cond(state):
        i, total = state
        return (i < n) & (total < guard)

    def body(state):
        i, total = state
        (loss,) = bus.emit("validate_batch", xs[i], ys[i])
        return i + 1, total + loss

    return lax.while_loop(cond, body, (0, 0.0))


def main():
    xs = jax.random.normal(jax.random.key(0), (4, 16, 7))
    ys = xs.sum(-1)
    bus = EventBus()
    model = TabularNet(7, nnx.Rngs(0))
    ValidationPlugin(model, bus)
    validate(bus, xs, ys)
    return None
