# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'GlucoseForecaster' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 GlucoseForecaster.forecast runs jax.lax.scan whose body stores self.last_hidden on the module
"""Continuous glucose monitoring: roll a recurrent forecaster over CGM readings and raise hypo alerts."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class GlucoseForecaster(nnx.Module):
    def __init__(self, hidden: int, rngs: nnx.Rngs):
        self.cell = nnx.GRUCell(3, hidden, rngs=rngs)
        self.head = nnx.Linear(hidden, 1, rngs=rngs)
        self.hidden = hidden
        self.last_hidden = jnp.zeros((hidden,))

    def forecast(self, readings):
        # readings: [steps, 3] = glucose mg/dL (scaled), insulin on board, carbs on board
        def body(h, x):
            h, _ = self.cell(h, x)
            self.last_hidden = h  # resume point for the next CGM packet
            return h, 100.0 + 40.0 * self.head(h)[0]

        _, predicted = scan(body, self.last_hidden, readings)
        return predicted


class AlertEngine:
    def __init__(self, forecaster: GlucoseForecaster, hypo_threshold: float = 70.0):
        self.forecaster = forecaster
        self.threshold = hypo_threshold

    def process_packet(self, readings):
        predicted = self.forecaster.forecast(readings)
        return {"min_predicted": predicted.min(), "alert": (predicted < self.threshold).any()}


def main():
    t = jnp.linspace(0, 3, 12)
    readings = jnp.stack([jnp.sin(t), jnp.exp(-t), jnp.cos(2 * t) * 0.5], axis=-1)
    engine = AlertEngine(GlucoseForecaster(8, nnx.Rngs(0)))
    jax.block_until_ready(engine.process_packet(readings))
    return None
