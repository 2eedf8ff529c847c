# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 CALLBACKS registry -> SnapshotCallback.on_step(model) stores nnx.state of the model merged in the scan body; restored with nnx.update after the loop
"""Trainer with callbacks built from a registry by name.

The 'snapshot' callback keeps the latest model state during the epoch so the trainer can
roll back to it after a divergence check."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

CALLBACKS = {}


def register_callback(name):
    def deco(cls):
        CALLBACKS[name] = cls
        return cls
    return deco


@register_callback("snapshot")
class SnapshotCallback:
    def __init__(self):
        self.snapshot = None

    def on_step(self, model, loss):
        self.snapshot = nnx.state(model)

    def restore(self, model):
        nnx.update(model, self.snapshot)


class Regressor(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x))).squeeze(-1)


class Trainer:
    def __init__(self, model, callback_names, lr=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param)
        self.callbacks = [CALLBACKS[name]() for name in callback_names]

    def fit_epoch(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
            optimizer.update(model, grads)
            for cb in self.callbacks:
                cb.on_step(model, loss)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(body, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return losses

    def rollback(self):
        for cb in self.callbacks:
            if isinstance(cb, SnapshotCallback):
                cb.restore(self.model)


def main():
    xs = jax.random.normal(jax.random.key(0), (5, 8, 4))
    ys = xs.sum(-1)
    trainer = Trainer(Regressor(rngs=nnx.Rngs(1)), ["snapshot"])
    trainer.fit_epoch(xs, ys)
    trainer.rollback()  # evaluate from the last snapshot
    trainer.model(xs[0])
    return None
