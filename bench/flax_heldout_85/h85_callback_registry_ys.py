# label: ok
# flax-error: none
# class: 3 the scanned train step returns per-step logs as ys; the Trainer feeds them to the CallbackList after the loop
"""Training framework: a Trainer with a callback system (Keras-style hooks) around a scanned epoch."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training import train_state


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.relu(nn.Dense(32)(x)))[..., 0]


class Callback:
    def on_step_end(self, step, logs):
        pass

    def on_train_end(self):
        pass


class LossHistory(Callback):
    def __init__(self):
        self.history = []
        self.summary = None

    def on_step_end(self, step, logs):
        self.history.append(logs["loss"])

    def on_train_end(self):
        self.summary = {"mean_loss": jnp.stack(self.history).mean()}


class CallbackList:
    def __init__(self, callbacks):
        self.callbacks = list(callbacks)

    def step_end(self, step, logs):
        for cb in self.callbacks:
            cb.on_step_end(step, logs)

    def train_end(self):
        for cb in self.callbacks:
            cb.on_train_end()


class Trainer:
    def __init__(self, model, callbacks, lr=1e-2):
        self.model = model
        self.callbacks = CallbackList(callbacks)
        self.lr = lr

    def create_state(self, x):
        params = self.model.init(jax.random.PRNGKey(0), x)["params"]
        return train_state.TrainState.create(apply_fn=self.model.apply, params=params, tx=optax.sgd(self.lr))

    def fit(self, state, xs, ys):
        def loss_fn(params, x, y):
            return jnp.mean((state.apply_fn({"params": params}, x) - y) ** 2)

        def train_step(state, batch):
            x, y = batch
            loss, grads = jax.value_and_grad(loss_fn)(state.params, x, y)
            return state.apply_gradients(grads=grads), {"step": state.step, "loss": loss}

        state, logs = jax.lax.scan(train_step, state, (xs, ys))
        for i in range(xs.shape[0]):
            self.callbacks.step_end(int(logs["step"][i]), {"loss": logs["loss"][i]})
        self.callbacks.train_end()
        return state


def main():
    xs = jax.random.normal(jax.random.PRNGKey(1), (5, 16, 4))
    ys = xs.sum(-1)
    history = LossHistory()
    trainer = Trainer(Regressor(), [history])
    state = trainer.fit(trainer.create_state(xs[0]), xs, ys)
    jax.block_until_ready(state.params)
    return None
