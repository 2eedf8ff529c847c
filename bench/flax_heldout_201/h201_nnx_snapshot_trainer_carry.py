# label: ok
# flax-error: none
# class: 4 DemandTrainer.train -> self.checkpointer (PeriodicCheckpointer) -> .store (SnapshotStore) gets the snapshot after the lax.while_loop; the latest pure-dict snapshot rides in the loop carry
"""Electricity demand forecaster trained with early stopping, exported as dict snapshots.

Snapshots are plain nested dicts of arrays (`nnx.state(...).to_pure_dict()`), which is
what the serving side loads. The trainer runs SGD in a while_loop until the loss
stops improving; the latest snapshot is part of the loop carry and is handed to the
checkpointer once the loop has finished.
"""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class DemandForecaster(nnx.Module):
    def __init__(self, n_lags, rngs: nnx.Rngs):
        self.lags = nnx.Linear(n_lags, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.lags(x)))[..., 0]


class SnapshotStore:
    def __init__(self):
        self.snapshots = {}

    def save(self, name, pure):
        self.snapshots[name] = pure

    def restore_into(self, name, model):
        state = nnx.state(model)
        nnx.replace_by_pure_dict(state, self.snapshots[name])
        nnx.update(model, state)
        return model


class PeriodicCheckpointer:
    def __init__(self, store, name):
        self.store = store
        self.name = name

    def snapshot(self, model):
        return nnx.state(model).to_pure_dict()

    def keep_pure(self, pure):
        self.store.save(self.name, pure)


class DemandTrainer:
    def __init__(self, model, checkpointer, lr=0.05, max_steps=30):
        self.model = model
        self.checkpointer = checkpointer
        self.lr = lr
        self.max_steps = max_steps

    def train(self, x, y):
        graphdef, params = nnx.split(self.model)

        def loss_fn(model):
            return jnp.mean((model(x) - y) ** 2)

        def cond(carry):
            step, _, _, loss, prev = carry
            return (step < self.max_steps) & (prev - loss > 1e-5)

        def body(carry):
            step, params, _, loss, _ = carry
            model = nnx.merge(graphdef, params)
            new_loss, grads = nnx.value_and_grad(loss_fn)(model)
            params = jax.tree.map(lambda p, g: p - self.lr * g, nnx.state(model), grads)
            snap = self.checkpointer.snapshot(nnx.merge(graphdef, params))
            return step + 1, params, snap, new_loss, loss

        snap0 = self.checkpointer.snapshot(self.model)
        carry = lax.while_loop(cond, body, (0, params, snap0, jnp.array(1e9), jnp.array(jnp.inf)))
        self.checkpointer.keep_pure(carry[2])
        return carry


def main():
    series = jnp.sin(jnp.arange(80) * 0.3) + 0.1 * jax.random.normal(jax.random.PRNGKey(1), (80,))
    x = jnp.stack([series[i : i + 60] for i in range(4)], axis=-1)
    y = series[4:64]
    store = SnapshotStore()
    trainer = DemandTrainer(DemandForecaster(4, rngs=nnx.Rngs(0)), PeriodicCheckpointer(store, "demand"))
    steps, params, snap, loss, _ = trainer.train(x, y)
    serving = store.restore_into("demand", DemandForecaster(4, rngs=nnx.Rngs(1)))
    forecast = serving(x[-1:])
    jax.block_until_ready(forecast)
    return None
