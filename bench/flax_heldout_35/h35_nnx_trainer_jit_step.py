# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 Trainer.fit runs fori_loop on functools.partial(self._epoch_body, xs, ys), a bound method that passes self.model and self.optimizer to an nnx.jit train_step
import functools

import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import fori_loop


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(2, 8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.gelu(self.hidden(x)))


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


class Trainer:
    def __init__(self, lr=0.05):
        self.model = Regressor(nnx.Rngs(0))
        self.optimizer = nnx.Optimizer(self.model, optax.sgd(lr), wrt=nnx.Param)

    def _epoch_body(self, xs, ys, i, total):
        return total + train_step(self.model, self.optimizer, xs[i], ys[i])

    def fit(self, xs, ys):
        body = functools.partial(self._epoch_body, xs, ys)
        return fori_loop(0, xs.shape[0], body, 0.0)


def main():
    trainer = Trainer()
    xs = jnp.ones((4, 8, 2))
    ys = jnp.ones((4, 8, 1))
    total = trainer.fit(xs, ys)
    print("mean loss", total / xs.shape[0])
    return None
