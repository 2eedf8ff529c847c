# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the scheduler keeps jax.checkpoint(functools.partial(climate_step, model)); the while_loop body calls it and the model's BatchNorm (train mode) updates its statistics
"""Greenhouse climate scheduler: step vent/heating actions until the canopy temperature settles
in band; the step is rematerialised because the production version runs long horizons."""
import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class ClimatePolicy(nnx.Module):
    def __init__(self, sensors: int, actuators: int, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(sensors, 24, rngs=rngs)
        self.norm = nnx.BatchNorm(24, rngs=rngs)
        self.out = nnx.Linear(24, actuators, rngs=rngs)

    def __call__(self, readings):
        return nnx.tanh(self.out(nnx.relu(self.norm(self.inp(readings)))))


def climate_step(model, readings):
    action = model(readings)
    heating, venting = action[..., 0], action[..., 1]
    temp = readings[..., 0] + 0.8 * heating - 0.6 * jnp.abs(venting)
    return readings.at[..., 0].set(temp)


class ClimateScheduler:
    def __init__(self, model, band=(21.0, 24.0), max_steps=60):
        self.step_fn = jax.checkpoint(functools.partial(climate_step, model))
        self.band = band
        self.max_steps = max_steps

    def settle(self, readings):
        lo, hi = self.band

        def out_of_band(carry):
            n, r = carry
            t = r[..., 0].mean()
            return jnp.logical_and(n < self.max_steps, jnp.logical_or(t < lo, t > hi))

        def body(carry):
            n, r = carry
            return n + 1, self.step_fn(r)

        return lax.while_loop(out_of_band, body, (0, readings))


def main():
    model = ClimatePolicy(sensors=5, actuators=2, rngs=nnx.Rngs(0))
    readings = jax.random.normal(jax.random.key(1), (6, 5)) + jnp.array([15.0, 70.0, 400.0, 1.0, 0.0])
    steps, final = ClimateScheduler(model).settle(readings)
    jax.block_until_ready(final)
    return None
