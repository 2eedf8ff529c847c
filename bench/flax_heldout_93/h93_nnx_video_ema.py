# label: trace-context
# flax-error: TraceContextError: Cannot mutate SmoothedScore from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a smoother module keeps an nnx.Variable subclass and the analytics service's raw scan body writes it through the closed-over smoother
"""Video analytics in NNX: per-frame activity scores smoothed by an exponential moving average."""
import jax
import jax.numpy as jnp
from flax import nnx


class SmoothedScore(nnx.Variable):
    pass


class TemporalSmoother(nnx.Module):
    def __init__(self, n_classes, decay=0.85):
        self.decay = decay
        self.ema = SmoothedScore(jnp.zeros((n_classes,)))

    def __call__(self, scores):
        self.ema[...] = self.decay * self.ema[...] + (1 - self.decay) * scores
        return self.ema[...]


class ActivityScorer(nnx.Module):
    def __init__(self, din, n_classes, rngs: nnx.Rngs):
        self.head = nnx.Linear(din, n_classes, rngs=rngs)

    def __call__(self, frame):
        return nnx.sigmoid(self.head(frame.mean(axis=0)))


class VideoAnalytics:
    def __init__(self, din, n_classes):
        self.scorer = ActivityScorer(din, n_classes, nnx.Rngs(0))
        self.smoother = TemporalSmoother(n_classes)

    def process(self, frames):
        def body(_, frame):
            return None, self.smoother(self.scorer(frame))

        _, smoothed = jax.lax.scan(body, None, frames)
        return smoothed


def main():
    frames = jax.random.normal(jax.random.key(1), (10, 4, 8))
    VideoAnalytics(8, 3).process(frames)
    return None
