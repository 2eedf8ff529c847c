# label: trace-context
# flax-error: TraceContextError: Cannot mutate NozzleTemp from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_layer_step, a factory, returns a jax.checkpoint-wrapped step closing over the model, whose NozzleTemp Variable (a Variable subclass) is updated in the scan body
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


def make_layer_step(model: ExtrusionModel):
    def step(deposited, command):
        rate = model(command)
        return deposited + rate, rate

    return jax.checkpoint(step)


def print_layer(model: ExtrusionModel, commands):
    step = make_layer_step(model)
    return jax.lax.scan(step, jnp.zeros(()), commands)


def main():
    commands = jax.random.uniform(jax.random.key(0), (30, 3))
    model = ExtrusionModel(nnx.Rngs(0))
    deposited, rates = print_layer(model, commands)
    print("deposited", float(deposited), "nozzle", float(model.nozzle[...]))
    return None
