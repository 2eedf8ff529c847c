# label: ok
# flax-error: none
# class: 5 make_layer_step, a factory, returns a jax.checkpoint-wrapped step closing over the graphdef; the state with the NozzleTemp Variable is the scan carry, written back with nnx.update
"""3-D printer extrusion model: flow rate and nozzle temperature over one layer.

The nozzle temperature is a custom nnx.Variable subclass so that checkpoints can
filter it separately from the learned parameters.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class NozzleTemp(nnx.Variable):
    pass


class ExtrusionModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs, setpoint: float = 210.0):
        self.flow = nnx.Linear(3, 1, rngs=rngs)
        self.setpoint = setpoint
        self.nozzle = NozzleTemp(jnp.asarray(setpoint))

    def __call__(self, command):
        rate = nnx.softplus(self.flow(command))[0]
        cooled = self.nozzle[...] - 4.0 * rate
        self.nozzle[...] = 0.9 * cooled + 0.1 * self.setpoint
        return rate


def make_layer_step(graphdef):
    def step(carry, command):
        state, deposited = carry
        model = nnx.merge(graphdef, state)
        rate = model(command)
        return (nnx.state(model), deposited + rate), rate

    return jax.checkpoint(step)


def print_layer(model: ExtrusionModel, commands):
    graphdef, state = nnx.split(model)
    step = make_layer_step(graphdef)
    (state, deposited), rates = jax.lax.scan(step, (state, jnp.zeros(())), commands)
    nnx.update(model, state)
    return deposited, rates


def main():
    commands = jax.random.uniform(jax.random.key(0), (30, 3))
    model = ExtrusionModel(nnx.Rngs(0))
    deposited, rates = print_layer(model, commands)
    print("deposited", float(deposited), "nozzle", float(model.nozzle[...]))
    return None
