# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "ema" in "/TemporalSmoother_0" because collection "smoother" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a smoothing submodule writes its "smoother" collection variable inside a jax.checkpoint-wrapped raw scan body during an immutable apply
"""Video analytics: per-frame detector scores smoothed over time by a stateful smoother module."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class TemporalSmoother(nn.Module):
    decay: float = 0.8

    @nn.compact
    def __call__(self, scores):
        ema = self.variable("smoother", "ema", lambda: jnp.zeros(scores.shape))
        ema.value = self.decay * ema.value + (1.0 - self.decay) * scores
        return ema.value


class FrameDetector(nn.Module):
    n_classes: int = 4

    @nn.compact
    def __call__(self, frames):
        head = nn.Dense(self.n_classes)
        smoother = TemporalSmoother()

        def per_frame(carry, frame):
            scores = nn.sigmoid(head(frame.mean(axis=0)))
            return carry, smoother(scores)

        if self.is_initializing():
            per_frame(None, frames[0])
        _, smoothed = lax.scan(jax.checkpoint(per_frame), None, frames)
        return smoothed


class AnalyticsService:
    def __init__(self, sample):
        self.model = FrameDetector()
        self.variables = self.model.init(jax.random.key(0), sample)

    def analyse(self, frames):
        return self.model.apply(self.variables, frames)


def main():
    frames = jax.random.normal(jax.random.key(1), (8, 6, 10))
    AnalyticsService(frames).analyse(frames)
    return None
