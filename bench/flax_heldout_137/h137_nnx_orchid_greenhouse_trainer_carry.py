# label: ok
# flax-error: none
# class: 4 GreenhouseTrainer keeps the model and an nnx.Optimizer as attributes; nnx.split of both goes through the jax.lax.scan carry, is merged in the body and written back with nnx.update after the loop
"""Orchid nursery: fit a nutrient-dosing regressor for greenhouse benches, one epoch per scan."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class DosingRegressor(nnx.Module):
    def __init__(self, n_inputs, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_inputs, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))[..., 0]


@dataclass(frozen=True)
class TrainConfig:
    learning_rate: float = 3e-3
    batches: int = 6


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class GreenhouseTrainer:
    def __init__(self, model, config: TrainConfig):
        self.config = config
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(config.learning_rate), wrt=nnx.Param)

    @staticmethod
    def _train_step(model, optimizer, x, y):
        loss, grads = nnx.value_and_grad(mse)(model, x, y)
        optimizer.update(model, grads)
        return loss

    def epoch(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(carry, batch):
            total, state = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss = self._train_step(model, optimizer, *batch)
            return (total + loss, nnx.state((model, optimizer))), loss

        (total, state), losses = jax.lax.scan(body, (jnp.zeros(()), state), (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return total / xs.shape[0], losses


def main():
    cfg = TrainConfig()
    xs = jax.random.normal(jax.random.key(0), (cfg.batches, 16, 5))
    ys = xs @ jnp.arange(5.0) * 0.1
    trainer = GreenhouseTrainer(DosingRegressor(5, nnx.Rngs(0)), cfg)
    mean_loss, _ = trainer.epoch(xs, ys)
    mean_loss.block_until_ready()
    return None
