# label: ok
# flax-error: none
# class: 3 the BaseForecaster template method scans self._step; the CrevasseForecaster subclass splits self.model in prepare, its state enters and leaves the scan in the carry and is merged inside each step
"""Glacier crevasse forecasting: an abstract forecaster fixes the prepare / scan /
finalize sequence; the crevasse subclass tracks ice-drift with an NNX model."""
import abc

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class DriftTrace(nnx.Variable):
    """Accumulated surface drift, in metres."""


class DriftModel(nnx.Module):
    def __init__(self, n_sensors, rngs):
        self.strain = nnx.Linear(n_sensors, 1, rngs=rngs)
        self.drift = DriftTrace(jnp.zeros(()))

    def __call__(self, reading):
        step = nnx.softplus(self.strain(reading))[0]
        self.drift.value = self.drift.value + step
        return step


class BaseForecaster(abc.ABC):
    def run(self, readings):
        carry = self.prepare()
        carry, risks = jax.lax.scan(self._step, carry, readings)
        return self.finalize(carry, risks)

    @abc.abstractmethod
    def prepare(self): ...

    @abc.abstractmethod
    def _step(self, carry, reading): ...

    def finalize(self, carry, risks):
        return {"peak_risk": risks.max(), "carry": carry}


class CrevasseForecaster(BaseForecaster):
    def __init__(self, model, opening_threshold):
        self.model = model
        self.opening_threshold = opening_threshold

    def prepare(self):
        self._graphdef, state = nnx.split(self.model)
        return jnp.zeros(()), state

    def _step(self, carry, reading):
        total, state = carry
        model = nnx.merge(self._graphdef, state)
        step = model(reading)
        risk = jax.nn.sigmoid(step - self.opening_threshold)
        return (total + risk, nnx.state(model)), risk

    def finalize(self, carry, risks):
        total, state = carry
        nnx.update(self.model, state)
        return super().finalize(total, risks)


def main():
    readings = jax.random.normal(jax.random.key(0), (9, 6))
    forecaster = CrevasseForecaster(DriftModel(6, nnx.Rngs(0)), opening_threshold=0.8)
    forecaster.run(readings)
    return None
