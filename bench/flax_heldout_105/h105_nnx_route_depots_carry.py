# label: ok
# flax-error: none
# class: 4 the fori_loop body reaches fleet.slots[depot] only through its nnx.split state, which is the carry; nnx.update writes the result back after the loop
"""Logistics route planning (NNX): every depot fine-tunes its own travel-time model.

Each night the fleet adapts the per-depot models to the day's observed leg durations
with a few optimizer steps before the planner uses them.
"""
import dataclasses

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

lax = jax.lax


class TravelTimeModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(4, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, legs):
        return self.out(nnx.relu(self.hidden(legs)))[:, 0]


@dataclasses.dataclass
class DepotSlot:
    model: TravelTimeModel
    optimizer: nnx.Optimizer


class DepotFleet:
    def __init__(self, depots, seed=0):
        self.slots = {}
        for i, depot in enumerate(depots):
            model = TravelTimeModel(nnx.Rngs(seed + i))
            self.slots[depot] = DepotSlot(model, nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param))

    def nightly_adapt(self, depot, legs, durations, n_steps=5):
        slot = self.slots[depot]
        graphdef, state = nnx.split((slot.model, slot.optimizer))

        def loss_fn(model):
            return jnp.mean((model(legs) - durations) ** 2)

        def adapt_step(i, carry):
            state, _ = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(loss_fn)(model)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, loss = lax.fori_loop(0, n_steps, adapt_step, (state, jnp.zeros(())))
        nnx.update((slot.model, slot.optimizer), state)
        return loss


def main():
    fleet = DepotFleet(["gdansk", "porto", "tampere"])
    legs = jax.random.uniform(jax.random.key(1), (32, 4))
    durations = legs.sum(axis=1) * 3.0
    for depot in fleet.slots:
        fleet.nightly_adapt(depot, legs, durations)
    return None
