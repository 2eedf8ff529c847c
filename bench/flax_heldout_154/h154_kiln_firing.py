# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_firing_step() factory returns a step function closing over model.bind(variables); fori_loop body calls the bound module in train mode
"""Ceramic-kiln ramp controller.

A firing schedule is followed by a controller network that predicts the next
heating-rate correction from thermocouple readings. The controller step is
produced by a factory so the plant driver can swap controllers per kiln.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax

N_SENSORS = 4
RAMP_STEPS = 8


class RampController(nn.Module):
    width: int = 12

    @nn.compact
    def __call__(self, readings, train: bool = True):
        h = nn.Dense(self.width)(readings)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(1)(nn.gelu(h))[..., 0]


def make_firing_step(model, variables, schedule):
    bound = model.bind(variables)

    def step(i, temps):
        readings = temps + schedule[i]
        correction = bound(readings, train=True)
        return temps + 0.05 * correction[:, None]

    return step


class KilnDriver:
    def __init__(self, kiln_id, step_fn):
        self.kiln_id = kiln_id
        self.step_fn = step_fn

    def fire(self, start):
        return lax.fori_loop(0, RAMP_STEPS, self.step_fn, start)


def main():
    model = RampController()
    start = jnp.full((3, N_SENSORS), 20.0)
    variables = model.init(jax.random.key(0), start, train=False)
    schedule = jnp.linspace(0.0, 1.0, RAMP_STEPS)[:, None, None] * jnp.ones((RAMP_STEPS, 3, N_SENSORS))
    driver = KilnDriver("kiln-7", make_firing_step(model, variables, schedule))
    driver.fire(start)
    return None
