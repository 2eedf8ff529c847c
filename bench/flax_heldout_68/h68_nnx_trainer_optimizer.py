# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 2 the Trainer's train_step runs nnx.value_and_grad and self.optimizer.update on self.model from inside a raw jax.lax.scan body
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

    def train_step(self, x, y):
        loss, grads = nnx.value_and_grad(mse)(self.model, x, y)
        self.optimizer.update(self.model, grads)
        return loss

    def fit(self, xs, ys):
        def body(carry, batch):
            loss = self.train_step(*batch)
            return carry, loss

        _, losses = jax.lax.scan(body, None, (xs, ys))
        return losses


def main():
    cfg = TrainConfig()
    model = MLP(3, cfg.hidden, 1, rngs=nnx.Rngs(cfg.seed))
    xs = jax.random.normal(jax.random.key(1), (8, 4, 3))
    ys = xs.sum(-1, keepdims=True)
    Trainer(model, cfg).fit(xs, ys)
    return None
