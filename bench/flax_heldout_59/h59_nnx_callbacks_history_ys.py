# label: ok
# flax-error: none
# class: 4 trainer -> callback list; the scan body evaluates the model and returns the loss as ys, and the callbacks run after the loop
"""Validation-loss callbacks (logger, early stopping) in an NNX training utility."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Regressor(nnx.Module):
    def __init__(self, din, *, rngs):
        self.l1 = nnx.Linear(din, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))[..., 0]


class LossLogger:
    def __init__(self):
        self.history = []

    def on_batch_end(self, step, loss):
        self.history.append(loss)


class EarlyStopping:
    def __init__(self, patience=2):
        self.patience = patience
        self.best = []

    def on_batch_end(self, step, loss):
        self.best.append(loss)

    def should_stop(self):
        best = jnp.minimum.accumulate(jnp.stack(self.best))
        return bool(best[-1] >= best[-1 - self.patience])


class Validator:
    def __init__(self, model, callbacks):
        self.model = model
        self.callbacks = callbacks

    def run(self, xs, ys):
        def body(step, batch):
            x, y = batch
            loss = jnp.mean((self.model(x) - y) ** 2)
            return step + 1, loss

        _, losses = jax.lax.scan(body, 0, (xs, ys))
        for step, loss in enumerate(losses):
            for cb in self.callbacks:
                cb.on_batch_end(step, loss)


def main():
    logger, stopper = LossLogger(), EarlyStopping()
    validator = Validator(Regressor(3, rngs=nnx.Rngs(0)), [logger, stopper])
    xs = jax.random.normal(jax.random.key(1), (5, 4, 3))
    ys = xs.sum(-1)
    validator.run(xs, ys)
    print(stopper.should_stop(), float(jnp.stack(logger.history).mean()))
    return None
