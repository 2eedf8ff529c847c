# label: ok
# flax-error: none
# class: 3 a Trainer object holds the model and an nnx.Optimizer; fit() splits both into graphdef/state, the scan body merges, steps and returns nnx.state in the carry, nnx.update after
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class TabularNet(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(din, dhidden, rngs=rngs)
        self.out = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))


def mse_loss(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, model, learning_rate=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(learning_rate), wrt=nnx.Param)

    @staticmethod
    def train_step(model, optimizer, x, y):
        loss, grads = nnx.value_and_grad(mse_loss)(model, x, y)
        optimizer.update(model, grads)
        return loss

    def fit(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss = self.train_step(model, optimizer, *batch)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(body, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    xs = jax.random.normal(jax.random.key(1), (4, 16, 3))
    ys = xs.sum(-1, keepdims=True)
    Trainer(TabularNet(3, 16, 1, rngs=nnx.Rngs(0))).fit(xs, ys)
    return None
