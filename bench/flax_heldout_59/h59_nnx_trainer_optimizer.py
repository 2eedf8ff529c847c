# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 trainer's scan body takes nnx.value_and_grad of self.model and calls self.optimizer.update on objects created outside the loop
"""An NNX trainer whose epoch is a raw lax.scan over pre-batched data."""
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
        return self.fc2(nnx.gelu(self.fc1(x)))


@dataclasses.dataclass(frozen=True)
class TrainConfig:
    lr: float = 3e-3
    din: int = 5
    hidden: int = 16
    classes: int = 3


def loss_fn(model, x, y):
    logits = model(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


class Trainer:
    def __init__(self, config: TrainConfig, seed: int = 0):
        self.model = MLP(config.din, config.hidden, config.classes, rngs=nnx.Rngs(seed))
        self.optimizer = nnx.Optimizer(self.model, optax.adamw(config.lr), wrt=nnx.Param)

    def train_epoch(self, xs, ys):
        def step(carry, batch):
            x, y = batch
            loss, grads = nnx.value_and_grad(loss_fn)(self.model, x, y)
            self.optimizer.update(self.model, grads)
            return carry + loss, loss

        total, losses = jax.lax.scan(step, jnp.zeros(()), (xs, ys))
        return total / xs.shape[0]


def main():
    trainer = Trainer(TrainConfig())
    xs = jax.random.normal(jax.random.key(1), (4, 8, 5))
    ys = jax.random.randint(jax.random.key(2), (4, 8), 0, 3)
    print(float(trainer.train_epoch(xs, ys)))
    return None
