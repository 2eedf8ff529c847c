# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "hours" in "/" because collection "wear" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the Sweeping state object reaches the lamp model bound in the machine's LampContext (machine.context.lamp) from inside its fori_loop body
"""Lighthouse lamp controller: a state machine whose states are classes.

Each state implements `run(context, nights)`; the Sweeping state predicts beam intensity for
every rotation of the night and logs lamp wear in the model's `wear` collection.
"""
import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


class LampModel(nn.Module):
    sectors: int = 8

    def setup(self):
        self.intensity = nn.Dense(self.sectors)
        self.wear = self.variable("wear", "hours", jnp.zeros, (self.sectors,))

    def __call__(self, visibility):
        return nn.sigmoid(self.intensity(visibility))

    def sweep(self, visibility):
        intensity = self(visibility)
        self.wear.value = self.wear.value + intensity / 3600.0
        return intensity


class LampContext:
    def __init__(self, model, variables):
        self.lamp = model.bind(variables)
        self.visibility = jnp.linspace(0.2, 1.0, 4)


class LampState:
    def run(self, machine, rotations):
        raise NotImplementedError


class Warmup(LampState):
    def run(self, machine, rotations):
        machine.transition(Sweeping())
        return jnp.zeros(())


class Sweeping(LampState):
    def run(self, machine, rotations):
        ctx = machine.context

        def rotation(i, total):
            vis = ctx.visibility * jnp.cos(i / rotations)
            return total + jnp.sum(ctx.lamp.sweep(vis))

        return lax.fori_loop(0, rotations, rotation, jnp.zeros(()))


class LampMachine:
    def __init__(self, context):
        self.context = context
        self.state = Warmup()

    def transition(self, state):
        self.state = state

    def tick(self, rotations):
        return self.state.run(self, rotations)


def main():
    model = LampModel()
    variables = model.init(jax.random.key(0), jnp.ones(4))
    machine = LampMachine(LampContext(model, variables))
    machine.tick(60)
    total = machine.tick(60)
    total.block_until_ready()
    return None
