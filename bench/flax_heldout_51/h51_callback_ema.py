# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the fori_loop body dispatches to callbacks through the trainer and an EMA callback keeps the traced params on itself
"""Trainer with a callback system (Keras-style on_step / on_train_end hooks); an EMA callback
keeps an exponential moving average of the parameters and evaluates it at the end."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax.lax import fori_loop


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.relu(nn.Dense(32)(x)))


class Callback:
    def on_step(self, step, params):
        pass

    def on_train_end(self, trainer):
        pass


class EMACallback(Callback):
    def __init__(self, decay=0.99):
        self.decay = decay
        self.ema = None

    def on_step(self, step, params):
        if self.ema is None:
            self.ema = params
        else:
            self.ema = jax.tree.map(lambda e, p: self.decay * e + (1 - self.decay) * p, self.ema, params)

    def on_train_end(self, trainer):
        preds = trainer.model.apply({"params": self.ema}, trainer.x_val)
        self.val_loss = float(jnp.mean((preds - trainer.y_val) ** 2))


class Trainer:
    def __init__(self, model, tx, callbacks):
        self.model = model
        self.tx = tx
        self.callbacks = callbacks

    def fit(self, params, xs, ys, x_val, y_val):
        self.x_val, self.y_val = x_val, y_val
        opt_state = self.tx.init(params)

        def loss_fn(p, x, y):
            return jnp.mean((self.model.apply({"params": p}, x) - y) ** 2)

        def body(i, carry):
            params, opt_state = carry
            grads = jax.grad(loss_fn)(params, xs[i], ys[i])
            updates, opt_state = self.tx.update(grads, opt_state)
            params = optax.apply_updates(params, updates)
            for cb in self.callbacks:
                cb.on_step(i, params)
            return params, opt_state

        params, _ = fori_loop(0, xs.shape[0], body, (params, opt_state))
        for cb in self.callbacks:
            cb.on_train_end(self)
        return params


def main():
    model = Regressor()
    params = model.init(jax.random.PRNGKey(0), jnp.ones((4, 3)))["params"]
    xs = jax.random.normal(jax.random.PRNGKey(1), (10, 4, 3))
    ys = xs.sum(-1, keepdims=True)
    trainer = Trainer(model, optax.sgd(0.05), [EMACallback()])
    trainer.fit(params, xs, ys, xs[0], ys[0])
