# label: ok
# flax-error: none
# class: 1 HumidityForecaster.forecast_until runs the while_loop itself; the step count rides in the loop state and is added to its StepCount Variable after the loop
"""Greenhouse climate control: roll a humidity forecaster forward until the vent threshold is reached.

The step counter stays in the while_loop carry; the Variable is updated once the loop has returned.
"""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class StepCount(nnx.Variable):
    pass


class HumidityForecaster(nnx.Module):
    def __init__(self, hidden: int, rngs: nnx.Rngs):
        self.cell = nnx.Linear(hidden, hidden, rngs=rngs)
        self.readout = nnx.Linear(hidden, 1, rngs=rngs)
        self.steps_run = StepCount(jnp.zeros((), jnp.int32))

    def forecast_until(self, h0, threshold, max_steps=30):
        def not_vented(carry):
            t, _, rh = carry
            return (t < max_steps) & (rh < threshold)

        def advance(carry):
            t, h, _ = carry
            h = jnp.tanh(self.cell(h) + 0.1)
            rh = nnx.sigmoid(self.readout(h))[0]
            return t + 1, h, rh

        t, h, rh = lax.while_loop(not_vented, advance, (0, h0, jnp.zeros(())))
        self.steps_run.value = self.steps_run.value + t
        return t, rh


class ClimateController:
    def __init__(self, forecaster, threshold=0.85):
        self.forecaster = forecaster
        self.threshold = threshold

    def minutes_to_vent(self, sensor_state):
        return self.forecaster.forecast_until(sensor_state, self.threshold)


def main():
    controller = ClimateController(HumidityForecaster(6, rngs=nnx.Rngs(0)))
    sensor_state = jax.random.normal(jax.random.key(1), (6,))
    jax.block_until_ready(controller.minutes_to_vent(sensor_state))
    return None
