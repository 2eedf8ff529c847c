# label: ok
# flax-error: none
# class: 4 the scan body of the trainer merges self.parts.model and self.parts.optimizer from the nnx.split state carried through the loop and returns nnx.state
"""Beehive health: trains a colony-weight regressor on hive scale telemetry."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class ColonyRegressor(nnx.Module):
    def __init__(self, n_sensors: int, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(n_sensors, 16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.gelu(self.encoder(x))).squeeze(-1)


@dataclass
class TrainParts:
    model: ColonyRegressor
    optimizer: nnx.Optimizer


def mse(model, batch):
    x, y = batch
    return jnp.mean((model(x) - y) ** 2)


class HiveTrainer:
    def __init__(self, parts: TrainParts):
        self.parts = parts

    def fit_epoch(self, xs, ys):
        graphdef, state = nnx.split((self.parts.model, self.parts.optimizer))

        def train_step(carry, batch):
            state, total = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(mse)(model, batch)
            optimizer.update(model, grads)
            return (nnx.state((model, optimizer)), total + loss), loss

        (state, total), losses = jax.lax.scan(train_step, (state, jnp.array(0.0)), (xs, ys))
        nnx.update((self.parts.model, self.parts.optimizer), state)
        return total / xs.shape[0]


def main():
    model = ColonyRegressor(6, nnx.Rngs(0))
    parts = TrainParts(model, nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param))
    xs = jax.random.normal(jax.random.key(1), (5, 8, 6))
    ys = xs.sum(-1) * 0.3
    HiveTrainer(parts).fit_epoch(xs, ys).block_until_ready()
    return None


if __name__ == "__main__":
    main()
