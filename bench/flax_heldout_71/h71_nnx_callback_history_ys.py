# label: ok
# flax-error: none
# class: 5 a Trainer carries nnx.split state through the scan and returns each loss as the scan output; callbacks receive the stacked losses after the loop
"""NNX trainer with a small callback system (losses handed to callbacks after the scan)."""
from typing import List

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(5, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


class Callback:
    def on_step_end(self, step, loss):
        pass

    def on_train_end(self):
        return None


class HistoryCallback(Callback):
    def __init__(self):
        self.losses: List[jax.Array] = []

    def on_step_end(self, step, loss):
        self.losses.append(loss)

    def on_train_end(self):
        return jnp.mean(jnp.stack(self.losses))


class Trainer:
    def __init__(self, model, tx, callbacks):
        self.model = model
        self.optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)
        self.callbacks = callbacks

    def fit(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            x, y = batch
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
            optimizer.update(model, grads)
            _, state = nnx.split((model, optimizer))
            return state, loss

        state, losses = jax.lax.scan(body, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        for step in range(xs.shape[0]):
            for cb in self.callbacks:
                cb.on_step_end(step, losses[step])
        return [cb.on_train_end() for cb in self.callbacks]


def main():
    xs = jax.random.normal(jax.random.PRNGKey(0), (6, 8, 5))
    ys = xs.mean(-1, keepdims=True)
    trainer = Trainer(Net(nnx.Rngs(0)), optax.adam(1e-2), [HistoryCallback()])
    print(trainer.fit(xs, ys))
    return None
