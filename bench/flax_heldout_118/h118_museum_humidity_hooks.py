# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "ema" in "/" because collection "drift" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the climate controller runs a list of hooks each step; the DriftAlarmHook holds model.apply and the variables and applies them with update_drift=True, writing the 'drift' collection, which that apply does not make mutable
"""Museum gallery climate control: the controller steps the HVAC set point through the
day in a fori_loop and runs a list of hooks each step (a logger, a drift alarm). The
drift alarm keeps an exponential average of the sensor drift in its own collection."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class HumidityNet(nn.Module):
    @nn.compact
    def __call__(self, sensors, update_drift: bool = False):
        drift = self.variable("drift", "ema", lambda: jnp.zeros(sensors.shape[-1]))
        if update_drift:
            drift.value = 0.98 * drift.value + 0.02 * (sensors - sensors.mean())
        h = nn.tanh(nn.Dense(16)(sensors - drift.value))
        return 45.0 + 10.0 * nn.Dense(1)(h)[0]  # relative humidity, percent


class LoggingHook:
    def __call__(self, step, sensors, humidity):
        return humidity


class DriftAlarmHook:
    def __init__(self, apply_fn, variables, threshold=55.0):
        self.apply_fn = apply_fn
        self.variables = variables
        self.threshold = threshold

    def __call__(self, step, sensors, humidity):
        checked = self.apply_fn(self.variables, sensors, update_drift=True)
        return jnp.where(checked > self.threshold, self.threshold, humidity)


class ClimateController:
    def __init__(self, model, variables, hooks):
        self.model = model
        self.variables = variables
        self.hooks = hooks

    def run_day(self, sensor_log):
        def tick(step, setpoints):
            sensors = sensor_log[step]
            humidity = self.model.apply(self.variables, sensors)
            for hook in self.hooks:
                humidity = hook(step, sensors, humidity)
            return setpoints.at[step].set(humidity)

        return jax.lax.fori_loop(0, sensor_log.shape[0], tick, jnp.zeros(sensor_log.shape[0]))


def main():
    sensor_log = 50.0 + jax.random.normal(jax.random.key(9), (24, 5))  # hours x sensors
    model = HumidityNet()
    variables = model.init(jax.random.key(0), sensor_log[0])
    hooks = [LoggingHook(), DriftAlarmHook(model.apply, variables)]
    ClimateController(model, variables, hooks).run_day(sensor_log)
    return None
