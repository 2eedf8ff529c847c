# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "brightness" in "/" because collection "calibration" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the inspection station reaches the variables through its Calibration object; the scan body applies the recalibrating model with no mutable collections
"""Factory-line quality control: a vision inspector that tracks lighting drift over a shift."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class DefectInspector(nn.Module):
    recalibrate: bool = True

    @nn.compact
    def __call__(self, frame):
        offset = self.variable("calibration", "brightness", lambda: jnp.zeros(()))
        if self.recalibrate and not self.is_initializing():
            offset.value = 0.95 * offset.value + 0.05 * jnp.mean(frame)
        x = frame - offset.value
        x = nn.Conv(4, (3, 3))(x[..., None])
        return nn.Dense(1)(jnp.mean(x, axis=(0, 1)))[0]


class Calibration:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def infer(self, frame):
        return self.model.apply(self.variables, frame)


class InspectionStation:
    def __init__(self, line_id, calibration):
        self.line_id = line_id
        self.calibration = calibration

    def run_shift(self, frames):
        def body(n_rejects, frame):
            score = self.calibration.infer(frame)
            return n_rejects + (score > 0.0).astype(jnp.int32), score

        return lax.scan(body, jnp.int32(0), frames)


def main():
    model = DefectInspector()
    frames = jax.random.uniform(jax.random.key(0), (6, 12, 12))
    variables = model.init(jax.random.key(1), frames[0])
    station = InspectionStation("line-3", Calibration(model, variables))
    rejects, _ = station.run_shift(frames)
    rejects.block_until_ready()
    return None
