# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a decorator hook registry runs every on_step hook inside the fori_loop body; the snapshot hook keeps nnx.state(model) of the merged lamp model and restore() updates the live model with it
"""Lighthouse lamp maintenance: adapt a lamp degradation model night by night, with snapshot hooks."""
import jax
import jax.numpy as jnp
from flax import nnx

ON_STEP = []


def on_step(fn):
    ON_STEP.append(fn)
    return fn


class LampModel(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.age = nnx.Linear(3, 8, rngs=rngs)
        self.lumen = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, log):
        return self.lumen(nnx.tanh(self.age(log)))[..., 0]


class Snapshots:
    latest = None


@on_step
def snapshot(model, night):
    Snapshots.latest = nnx.state(model)


@on_step
def log_night(model, night):
    return None


def adapt(model, logs, measured, lr=0.02):
    graphdef, state = nnx.split(model)

    def night(i, state):
        lamp = nnx.merge(graphdef, state)
        grads = nnx.grad(lambda m: jnp.mean((m(logs[i]) - measured[i]) ** 2))(lamp)
        nnx.update(lamp, jax.tree.map(lambda p, g: p - lr * g, nnx.state(lamp, nnx.Param), grads))
        for hook in ON_STEP:
            hook(lamp, i)
        return nnx.state(lamp)

    state = jax.lax.fori_loop(0, logs.shape[0], night, state)
    nnx.update(model, state)


def restore(model):
    nnx.update(model, Snapshots.latest)


def main():
    logs = jax.random.uniform(jax.random.key(4), (9, 5, 3))  # nights x lamps x (hours, voltage, temp)
    measured = 1.0 - 0.1 * logs[..., 0]
    model = LampModel(rngs=nnx.Rngs(0))
    adapt(model, logs, measured)
    restore(model)
    model(logs[0])
    return None
