# label: ok
# flax-error: none
# class: 4 the trainer carries each callback's state through the fori_loop and hands the final state back to the callback
"""Trainer with a callback system (on_step / on_train_end hooks) in which callbacks are pure:
on_step maps (state, params) -> state and the trainer threads each callback's state through the
fori_loop carry; an EMA callback evaluates the averaged parameters at the end."""
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
    def init_state(self, params):
        return ()

    def on_step(self, state, step, params):
        return state

    def on_train_end(self, trainer, state):
        pass


class EMACallback(Callback):
    def __init__(self, decay=0.99):
        self.decay = decay

    def init_state(self, params):
        return params

    def on_step(self, ema, step, params):
        return jax.tree.map(lambda e, p: self.decay * e + (1 - self.decay) * p, ema, params)

    def on_train_end(self, trainer, ema):
        preds = trainer.model.apply({"params": ema}, trainer.x_val)
        self.val_loss = float(jnp.mean((preds - trainer.y_val) ** 2))


class Trainer:
    def __init__(self, model, tx, callbacks):
        self.model = model
        self.tx = tx
        self.callbacks = callbacks

    def fit(self, params, xs, ys, x_val, y_val):
        self.x_val, self.y_val = x_val, y_val
        opt_state = self.tx.init(params)
        cb_states = tuple(cb.init_state(params) for cb in self.callbacks)

        def loss_fn(p, x, y):
            return jnp.mean((self.model.apply({"params": p}, x) - y) ** 2)

        def body(i, carry):
            params, opt_state, cb_states = carry
            grads = jax.grad(loss_fn)(params, xs[i], ys[i])
            updates, opt_state = self.tx.update(grads, opt_state)
            params = optax.apply_updates(params, updates)
            cb_states = tuple(cb.on_step(s, i, params) for cb, s in zip(self.callbacks, cb_states))
            return params, opt_state, cb_states

        params, _, cb_states = fori_loop(0, xs.shape[0], body, (params, opt_state, cb_states))
        for cb, s in zip(self.callbacks, cb_states):
            cb.on_train_end(self, s)
        return params


def main():
    model = Regressor()
    params = model.init(jax.random.PRNGKey(0), jnp.ones((4, 3)))["params"]
    xs = jax.random.normal(jax.random.PRNGKey(1), (10, 4, 3))
    ys = xs.sum(-1, keepdims=True)
    trainer = Trainer(model, optax.sgd(0.05), [EMACallback()])
    trainer.fit(params, xs, ys, xs[0], ys[0])
