# label: ok
# flax-error: none
# class: 2 a Trainer keeps the model and an nnx.Optimizer on self, splits both before a raw jax.lax.scan, merges them in the body, carries their state and updates the originals afterwards
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, dout, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, model, lr=1e-3):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param)

    def fit_epoch(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(carry, batch):
            state, total = carry
            model, optimizer = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(mse)(model, x, y)
            optimizer.update(model, grads)
            _, state = nnx.split((model, optimizer))
            return (state, total + loss), loss

        (state, total), losses = jax.lax.scan(body, (state, jnp.zeros(())), (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return total / xs.shape[0]


def main():
    xs = jnp.ones((4, 8, 3))
    ys = jnp.zeros((4, 8, 1))
    Trainer(Regressor(3, 1, rngs=nnx.Rngs(0))).fit_epoch(xs, ys)
    return None
