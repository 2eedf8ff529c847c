# label: ok
# flax-error: none
# class: 3 trainer splits (model, optimizer) before the scan, merges them in the body, carries their state and nnx.update()s after
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
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(carry, batch):
            total, state = carry
            model, optimizer = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
            optimizer.update(model, grads)
            return (total + loss, nnx.state((model, optimizer))), loss

        (total, state), losses = jax.lax.scan(step, (jnp.zeros(()), state), (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return total / xs.shape[0]


def main():
    trainer = Trainer(TrainConfig())
    xs = jax.random.normal(jax.random.key(1), (4, 8, 5))
    ys = jax.random.randint(jax.random.key(2), (4, 8), 0, 3)
    print(float(trainer.train_epoch(xs, ys)))
    return None
