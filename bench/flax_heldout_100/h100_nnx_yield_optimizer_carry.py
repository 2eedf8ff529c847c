# label: ok
# flax-error: none
# class: 4 YieldTrainer.fit -> self._train_step on (model, optimizer) merged from the nnx.split state carried through the fori_loop; nnx.update after the loop
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

    @staticmethod
    def _train_step(model, optimizer, x, y):
        loss, grads = nnx.value_and_grad(mse)(model, x, y)
        optimizer.update(model, grads)
        return loss

    def fit(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(step, carry):
            _, state = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss = self._train_step(model, optimizer, xs[step], ys[step])
            return loss, nnx.state((model, optimizer))

        loss, state = fori_loop(0, xs.shape[0], body, (jnp.zeros(()), state))
        nnx.update((self.model, self.optimizer), state)
        return loss


def main():
    model = YieldModel(5, nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (6, 8, 5))
    ys = xs.sum(-1)
    YieldTrainer(model).fit(xs, ys)
    return None
