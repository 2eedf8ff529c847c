# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a callback list holds an EMACallback whose on_step does nnx.update on its own EMA copy of the model; the scan body fires the callbacks
"""Scan-based NNX training loop with a callback system; the EMA callback keeps an exponential
moving average copy of the weights and refreshes it from the on_step hook."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class Net(nnx.Module):
    def __init__(self, *, rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))


class Callback:
    def on_step(self, model, loss):
        pass


class EMACallback(Callback):
    def __init__(self, model, decay=0.99):
        self.ema = nnx.clone(model)
        self.decay = decay

    def on_step(self, model, loss):
        ema_params = nnx.state(self.ema, nnx.Param)
        new = jax.tree.map(lambda e, p: self.decay * e + (1 - self.decay) * p,
                           ema_params, nnx.state(model, nnx.Param))
        nnx.update(self.ema, new)


class Trainer:
    def __init__(self, model, tx, callbacks=()):
        self.model = model
        self.optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)
        self.callbacks = list(callbacks)

    def fit(self, xs, ys):
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


def main():
    model = Net(rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (6, 8, 4))
    ys = xs.mean(-1, keepdims=True)
    ema = EMACallback(model)
    Trainer(model, optax.adam(1e-2), callbacks=[ema]).fit(xs, ys)
    return None
