# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 functools.partial(model.apply, variables) kept on a WaveformInverter held by a SurveyTrainer; the scan body calls it in train mode
"""Full-waveform inversion service: a trace encoder refines a velocity model shot by shot."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class TraceEncoder(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, velocity, train: bool = True):
        h = nn.Dense(self.features)(velocity)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return jnp.tanh(nn.Dense(velocity.shape[-1])(h))


class WaveformInverter:
    """Wraps the forward operator; the encoder's variables are bound once at construction."""

    def __init__(self, model, variables):
        self.model = model
        self.forward = functools.partial(model.apply, variables)

    def residual(self, velocity, shot):
        predicted = self.forward(velocity, train=True)
        return shot - predicted


class SurveyTrainer:
    def __init__(self, inverter, step_size=0.05):
        self.inverter = inverter
        self.step_size = step_size

    def invert(self, velocity0, shots):
        def shot_step(velocity, shot):
            r = self.inverter.residual(velocity, shot)
            return velocity + self.step_size * r, jnp.mean(r ** 2)

        return jax.lax.scan(shot_step, velocity0, shots)


def main():
    model = TraceEncoder()
    velocity0 = jnp.ones((4, 16))
    variables = model.init(jax.random.key(0), velocity0, train=False)
    trainer = SurveyTrainer(WaveformInverter(model, variables))
    shots = jax.random.normal(jax.random.key(1), (5, 4, 16))
    velocity, misfits = trainer.invert(velocity0, shots)
    jnp.sum(misfits).block_until_ready()
    return None
