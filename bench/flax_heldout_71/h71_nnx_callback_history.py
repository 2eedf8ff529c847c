# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a Trainer carries nnx.split state through the scan and the body hands each loss to registered callbacks; a HistoryCallback appends it to a Python list read after the loop
"""NNX trainer with a small callback system (history, early-stopping style hooks)."""
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
            step, x, y = batch
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
            optimizer.update(model, grads)
            for cb in self.callbacks:
                cb.on_step_end(step, loss)
            _, state = nnx.split((model, optimizer))
            return state, None

        state, _ = jax.lax.scan(body, state, (jnp.arange(xs.shape[0]), xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return [cb.on_train_end() for cb in self.callbacks]


def main():
    xs = jax.random.normal(jax.random.PRNGKey(0), (6, 8, 5))
    ys = xs.mean(-1, keepdims=True)
    trainer = Trainer(Net(nnx.Rngs(0)), optax.adam(1e-2), [HistoryCallback()])
    print(trainer.fit(xs, ys))
    return None
