# label: ok
# flax-error: none
# class: 5 the smoother state is an explicit array in the jax.checkpoint-wrapped raw scan carry; smoothed scores leave as ys
"""Video analytics: per-frame detector scores smoothed over time by a smoother kept in the carry."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class TemporalSmoother(nn.Module):
    decay: float = 0.8

    def __call__(self, ema, scores):
        ema = self.decay * ema + (1.0 - self.decay) * scores
        return ema, ema


class FrameDetector(nn.Module):
    n_classes: int = 4

    @nn.compact
    def __call__(self, frames):
        head = nn.Dense(self.n_classes)
        smoother = TemporalSmoother()

        def per_frame(ema, frame):
            scores = nn.sigmoid(head(frame.mean(axis=0)))
            return smoother(ema, scores)

        ema0 = jnp.zeros((self.n_classes,))
        if self.is_initializing():
            per_frame(ema0, frames[0])
        _, smoothed = lax.scan(jax.checkpoint(per_frame), ema0, frames)
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
