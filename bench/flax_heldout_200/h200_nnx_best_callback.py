# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 TideTrainer.callbacks holds a BestStateCallback that keeps nnx.state(model) from inside the scan body on itself and restores it after the loop
"""Tide-gauge surge forecaster trained epoch by epoch in one scan, with Keras-style callbacks."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class TideNet(nnx.Module):
    def __init__(self, lags: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(lags, 12, rngs=rngs)
        self.out = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(jnp.tanh(self.hidden(x))).squeeze(-1)


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Callback:
    def on_train_begin(self, model): ...
    def on_epoch_end(self, loss, model): return {}
    def on_train_end(self, model, logs): ...


class BestStateCallback(Callback):
    """Remembers the weights of the epoch with the lowest loss and restores them at the end."""

    def on_train_begin(self, model):
        self.best_loss = jnp.inf
        self.best_state = nnx.state(model, nnx.Param)

    def on_epoch_end(self, loss, model):
        better = loss < self.best_loss
        current = nnx.state(model, nnx.Param)
        self.best_state = jax.tree.map(lambda new, old: jnp.where(better, new, old), current, self.best_state)
        self.best_loss = jnp.minimum(loss, self.best_loss)
        return {}

    def on_train_end(self, model, logs):
        nnx.update(model, self.best_state)


class FiniteLossCallback(Callback):
    def on_epoch_end(self, loss, model):
        return {"finite": jnp.isfinite(loss)}


class TideTrainer:
    def __init__(self, model: TideNet, callbacks, lr: float = 0.05):
        self.model = model
        self.callbacks = callbacks
        self.lr = lr

    def fit(self, xs, ys):
        graphdef, state = nnx.split(self.model)
        for callback in self.callbacks:
            callback.on_train_begin(self.model)

        def epoch(state, batch):
            model = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(mse)(model, *batch)
            params = nnx.state(model, nnx.Param)
            nnx.update(model, jax.tree.map(lambda p, g: p - self.lr * g, params, grads))
            logs = {"loss": loss}
            for callback in self.callbacks:
                logs.update(callback.on_epoch_end(loss, model))
            return nnx.state(model), logs

        state, logs = jax.lax.scan(epoch, state, (xs, ys))
        nnx.update(self.model, state)
        for callback in self.callbacks:
            callback.on_train_end(self.model, logs)
        return logs


def main():
    xs = jax.random.normal(jax.random.key(5), (8, 16, 6))
    ys = xs[..., -1] * 0.7 + xs[..., -2] * 0.2
    model = TideNet(6, nnx.Rngs(0))
    trainer = TideTrainer(model, [BestStateCallback(), FiniteLossCallback()])
    trainer.fit(xs, ys)
    print("restored-model loss", float(mse(model, xs[0], ys[0])))
    return None
