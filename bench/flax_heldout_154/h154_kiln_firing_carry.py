# label: ok
# flax-error: none
# class: 5 make_firing_step() factory returns a step function closing over model.apply; batch_stats travel in the fori_loop carry and come back with mutable=["batch_stats"]
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
    params = variables["params"]

    def step(i, carry):
        temps, batch_stats = carry
        readings = temps + schedule[i]
        correction, updates = model.apply(
            {"params": params, "batch_stats": batch_stats}, readings, train=True, mutable=["batch_stats"])
        return temps + 0.05 * correction[:, None], updates["batch_stats"]

    return step


class KilnDriver:
    def __init__(self, kiln_id, step_fn, batch_stats):
        self.kiln_id = kiln_id
        self.step_fn = step_fn
        self.batch_stats = batch_stats

    def fire(self, start):
        temps, self.batch_stats = lax.fori_loop(0, RAMP_STEPS, self.step_fn, (start, self.batch_stats))
        return temps


def main():
    model = RampController()
    start = jnp.full((3, N_SENSORS), 20.0)
    variables = model.init(jax.random.key(0), start, train=False)
    schedule = jnp.linspace(0.0, 1.0, RAMP_STEPS)[:, None, None] * jnp.ones((RAMP_STEPS, 3, N_SENSORS))
    driver = KilnDriver("kiln-7", make_firing_step(model, variables, schedule), variables["batch_stats"])
    driver.fire(start)
    jax.tree.map(lambda a: a.block_until_ready(), driver.batch_stats)
    return None
