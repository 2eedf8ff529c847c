# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the fori_loop body carries the model state correctly but also stores it in tracker.last_state, an attribute of a plain Python object used after the loop
"""Early-stopping bookkeeping inside a raw fori_loop training run.

Training itself is written the functional way: the model state is split out,
carried through jax.lax.fori_loop and merged in the body. For early stopping
the user also stashes the latest state on a small tracker object, and
restores the model from it after the loop.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(2, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.silu(self.l1(x)))


@dataclasses.dataclass
class EarlyStopping:
    patience: int = 3
    last_state: object = None
    last_loss: object = None


def main():
    x = jax.random.normal(jax.random.key(0), (32, 2))
    y = jnp.sin(x[:, :1]) + x[:, 1:] ** 2
    model = Regressor(nnx.Rngs(0))
    tracker = EarlyStopping()
    graphdef, state = nnx.split(model)

    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)

    def body(i, state):
        m = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(m)
        params = nnx.state(m, nnx.Param)
        nnx.update(m, jax.tree.map(lambda p, g: p - 0.05 * g, params, grads))
        state = nnx.state(m)
        tracker.last_state, tracker.last_loss = state, loss
        return state

    state = jax.lax.fori_loop(0, 25, body, state)
    nnx.update(model, tracker.last_state)
    print("restored loss", loss_fn(model))
    return None
