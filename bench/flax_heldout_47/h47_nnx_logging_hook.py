# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a LossLogger hook registered on the trainer is called inside the scan body and keeps the traced loss, which it reduces after the loop
"""Functional NNX training loop (split/merge through the carry) with logging hooks around each step."""
import time

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.a = nnx.Linear(3, 8, rngs=rngs)
        self.b = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.b(nnx.relu(self.a(x)))


class LossLogger:
    def __init__(self):
        self.history = []
        self.started = time.perf_counter()

    def __call__(self, step, loss):
        self.history.append(loss)

    def flush(self):
        return {"mean_loss": float(jnp.mean(jnp.stack(self.history))),
                "elapsed": time.perf_counter() - self.started}


class HookedTrainer:
    def __init__(self, model, tx):
        self.model = model
        self.optimizer = nnx.Optimizer(model, tx, wrt=nnx.Param)
        self.hooks = []

    def register_hook(self, hook):
        self.hooks.append(hook)

    def fit(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(carry, batch):
            state, step = carry
            model, optimizer = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
            optimizer.update(model, grads)
            for hook in self.hooks:
                hook(step, loss)
            return (nnx.state((model, optimizer)), step + 1), None

        (state, _), _ = jax.lax.scan(body, (state, 0), (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return [h.flush() for h in self.hooks]


def main():
    trainer = HookedTrainer(MLP(nnx.Rngs(0)), optax.sgd(0.05))
    trainer.register_hook(LossLogger())
    xs = jax.random.normal(jax.random.key(1), (5, 4, 3))
    trainer.fit(xs, jnp.zeros((5, 4, 1)))
    return None
