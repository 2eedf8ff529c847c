# label: ok
# flax-error: none
# class: 5 the trainer's scan body (wrapped in jax.checkpoint) passes the merged model and a merged nnx.EMA to each callback; the EMA is split with the model and optimizer, carried, and written back with nnx.update
"""NNX trainer with a callback list; one callback keeps an exponential moving average of
the weights for evaluation.

The epoch is a raw `jax.lax.scan` over batches with a rematerialised (`jax.checkpoint`)
step. The EMA weights are held by an `nnx.EMA` so they can be split and carried with the
model and optimizer; callbacks get the merged objects.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))


class Callback:
    def on_train_step_end(self, objs, loss):
        pass


class EMACallback(Callback):
    def __init__(self, model, decay=0.99):
        self.ema = nnx.EMA(model, decay, only=nnx.Param)

    def on_train_step_end(self, objs, loss):
        objs["ema"].update(objs["model"])

    def ema_model(self, model):
        return self.ema.apply_to(model)


class Trainer:
    def __init__(self, model, tx, ema_cb: EMACallback):
        self.model = model
        self.optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)
        self.ema_cb = ema_cb
        self.callbacks = [ema_cb]

    def fit_epoch(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer, self.ema_cb.ema))

        @jax.checkpoint
        def step(state, batch):
            model, optimizer, ema = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
            optimizer.update(model, grads)
            for cb in self.callbacks:
                cb.on_train_step_end({"model": model, "ema": ema}, loss)
            return nnx.state((model, optimizer, ema)), loss

        state, losses = jax.lax.scan(step, state, (xs, ys))
        nnx.update((self.model, self.optimizer, self.ema_cb.ema), state)
        return losses


def main():
    model = Net(nnx.Rngs(0))
    ema_cb = EMACallback(model)
    trainer = Trainer(model, optax.sgd(0.05), ema_cb)
    xs = jax.random.normal(jax.random.PRNGKey(1), (5, 8, 4))
    ys = jnp.sin(xs.sum(-1, keepdims=True))
    trainer.fit_epoch(xs, ys)
    ema_model = ema_cb.ema_model(model)
    ema_model(xs[0]).block_until_ready()
    return None
