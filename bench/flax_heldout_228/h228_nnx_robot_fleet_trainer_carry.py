# label: ok
# flax-error: none
# class: 4 RouterTrainer.train_epoch -> self.state (TrainState) -> .model and .optimizer split with nnx.split, carried through the fori_loop, merged in the body and written back with nnx.update
"""Parcel sorting robots: trains the fleet router that picks which sorting robot takes the
next parcel off the induction station, from recorded dispatch batches."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class FleetRouter(nnx.Module):
    def __init__(self, features, robots, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(features, 16, rngs=rngs)
        self.pick = nnx.Linear(16, robots, rngs=rngs)

    def __call__(self, parcels):
        return self.pick(nnx.relu(self.encode(parcels)))


@dataclasses.dataclass
class TrainState:
    model: FleetRouter
    optimizer: nnx.Optimizer


class DispatchLog:
    def __init__(self, parcels, robots):
        self.parcels = parcels  # [batches, batch, features]
        self.robots = robots  # [batches, batch]

    def batch(self, i):
        return self.parcels[i], self.robots[i]


class RouterTrainer:
    def __init__(self, state: TrainState, log: DispatchLog):
        self.state = state
        self.log = log

    @staticmethod
    def loss_fn(model, parcels, robots):
        logits = model(parcels)
        return optax.softmax_cross_entropy_with_integer_labels(logits, robots).mean()

    def train_epoch(self, steps):
        graphdef, train_state = nnx.split((self.state.model, self.state.optimizer))

        def step(i, carry):
            total, train_state = carry
            model, optimizer = nnx.merge(graphdef, train_state)
            parcels, robots = self.log.batch(i)
            loss, grads = nnx.value_and_grad(self.loss_fn)(model, parcels, robots)
            optimizer.update(model, grads)
            return total + loss, nnx.state((model, optimizer))

        total, train_state = lax.fori_loop(0, steps, step, (jnp.float32(0.0), train_state))
        nnx.update((self.state.model, self.state.optimizer), train_state)
        return total / steps


def main():
    model = FleetRouter(6, 4, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    keys = jax.random.split(jax.random.key(1))
    log = DispatchLog(jax.random.normal(keys[0], (5, 8, 6)),
                      jax.random.randint(keys[1], (5, 8), 0, 4))
    RouterTrainer(TrainState(model, optimizer), log).train_epoch(5)
    return None
