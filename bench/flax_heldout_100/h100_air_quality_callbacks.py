# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "drift" in "/" because collection "calib" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 SensorTrainer -> callbacks list -> DriftCallback.on_step calls model.apply(method=calibrate) on its stored variables inside the scan body
"""Low-cost air-quality sensor network: fit a PM2.5 correction and watch drift.

The trainer replays a day of readings; registered callbacks are fired on every step
from inside the scan so that drift is tracked alongside the loss.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class PMCorrector(nn.Module):
    def setup(self):
        self.hidden = nn.Dense(8)
        self.out = nn.Dense(1)
        self.drift = self.variable("calib", "drift", lambda: jnp.zeros(()))

    def __call__(self, reading):
        return self.out(nn.tanh(self.hidden(reading)))[0]

    def calibrate(self, reading, reference):
        err = self(reading) - reference
        self.drift.value = 0.95 * self.drift.value + 0.05 * err
        return self.drift.value


class Callback:
    def on_step(self, step, reading, reference):
        return jnp.zeros(())


class DriftCallback(Callback):
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def on_step(self, step, reading, reference):
        return self.model.apply(self.variables, reading, reference, method=PMCorrector.calibrate)


class SensorTrainer:
    def __init__(self, model, variables, callbacks=()):
        self.model = model
        self.variables = variables
        self.callbacks = list(callbacks)

    def _fire(self, step, reading, reference):
        return sum(cb.on_step(step, reading, reference) for cb in self.callbacks)

    def replay(self, readings, references):
        def body(step, batch):
            reading, reference = batch
            pred = self.model.apply(self.variables, reading)
            signal = self._fire(step, reading, reference)
            return step + 1, ((pred - reference) ** 2, signal)

        _, (losses, signals) = lax.scan(body, 0, (readings, references))
        return losses.mean(), signals


def main():
    model = PMCorrector()
    readings = jax.random.normal(jax.random.key(0), (24, 3))
    references = jax.random.normal(jax.random.key(1), (24,))
    variables = model.init(jax.random.key(2), readings[0], references[0], method=PMCorrector.calibrate)
    trainer = SensorTrainer(model, variables, [DriftCallback(model, variables)])
    trainer.replay(readings, references)
    return None
