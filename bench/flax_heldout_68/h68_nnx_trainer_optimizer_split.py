# label: ok
# flax-error: none
# class: 2 the Trainer splits (model, optimizer) once, carries the state through the raw jax.lax.scan, merges inside the body and updates the objects afterwards
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.fc2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.relu(self.fc1(x)))


@dataclasses.dataclass
class TrainConfig:
    learning_rate: float = 1e-2
    hidden: int = 16
    seed: int = 0


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, model, config):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(config.learning_rate), wrt=nnx.Param)

    def fit(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(mse)(model, *batch)
            optimizer.update(model, grads)
            _, state = nnx.split((model, optimizer))
            return state, loss

        state, losses = jax.lax.scan(body, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    cfg = TrainConfig()
    model = MLP(3, cfg.hidden, 1, rngs=nnx.Rngs(cfg.seed))
    xs = jax.random.normal(jax.random.key(1), (8, 4, 3))
    ys = xs.sum(-1, keepdims=True)
    Trainer(model, cfg).fit(xs, ys)
    model(xs[0])
    return None
