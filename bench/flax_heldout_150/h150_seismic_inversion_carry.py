# label: ok
# flax-error: none
# class: 4 functools.partial(model.apply, mutable=['batch_stats']) kept on a WaveformInverter held by a SurveyTrainer; batch_stats go through the scan carry
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
    """Wraps the forward operator; the running statistics travel with the caller."""

    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]
        self.forward = functools.partial(model.apply, mutable=["batch_stats"])

    def residual(self, velocity, shot, batch_stats):
        predicted, updates = self.forward(
            {"params": self.params, "batch_stats": batch_stats}, velocity, train=True)
        return shot - predicted, updates["batch_stats"]


class SurveyTrainer:
    def __init__(self, inverter, step_size=0.05):
        self.inverter = inverter
        self.step_size = step_size

    def invert(self, velocity0, shots):
        def shot_step(carry, shot):
            velocity, stats = carry
            r, stats = self.inverter.residual(velocity, shot, stats)
            return (velocity + self.step_size * r, stats), jnp.mean(r ** 2)

        (velocity, stats), misfits = jax.lax.scan(
            shot_step, (velocity0, self.inverter.batch_stats), shots)
        self.inverter.batch_stats = stats
        return velocity, misfits


def main():
    model = TraceEncoder()
    velocity0 = jnp.ones((4, 16))
    variables = model.init(jax.random.key(0), velocity0, train=False)
    trainer = SurveyTrainer(WaveformInverter(model, variables))
    shots = jax.random.normal(jax.random.key(1), (5, 4, 16))
    velocity, misfits = trainer.invert(velocity0, shots)
    jnp.sum(misfits).block_until_ready()
    jax.tree.map(jnp.sum, trainer.inverter.batch_stats)
    return None
