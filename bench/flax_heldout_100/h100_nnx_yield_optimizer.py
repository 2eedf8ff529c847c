# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 YieldTrainer.fit -> self._train_step -> self.optimizer.update(self.model, grads) (nnx.Optimizer) inside the fori_loop body
"""Crop-yield regression from field sensor summaries.

The trainer wraps the model and an nnx.Optimizer; fit() runs a fixed number of steps
over the season's batches in a fori_loop to keep the whole fit on device.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import fori_loop


class YieldModel(nnx.Module):
    def __init__(self, features, rngs):
        self.hidden = nnx.Linear(features, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))[:, 0]


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class YieldTrainer:
    def __init__(self, model, learning_rate=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def _train_step(self, x, y):
        loss, grads = nnx.value_and_grad(mse)(self.model, x, y)
        self.optimizer.update(self.model, grads)
        return loss

    def fit(self, xs, ys):
        def body(step, last):
            return self._train_step(xs[step], ys[step])

        return fori_loop(0, xs.shape[0], body, jnp.zeros(()))


def main():
    model = YieldModel(5, nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (6, 8, 5))
    ys = xs.sum(-1)
    YieldTrainer(model).fit(xs, ys)
    return None
