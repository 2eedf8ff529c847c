# label: ok
# flax-error: none
# class: 5 the smoother with its nnx.Variable subclass is nnx.split; its state is the raw scan carry, merged in the body and nnx.update-d after
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
        graphdef, state = nnx.split(self.smoother)

        def body(state, frame):
            smoother = nnx.merge(graphdef, state)
            out = smoother(self.scorer(frame))
            return nnx.state(smoother), out

        state, smoothed = jax.lax.scan(body, state, frames)
        nnx.update(self.smoother, state)
        return smoothed


def main():
    frames = jax.random.normal(jax.random.key(1), (10, 4, 8))
    VideoAnalytics(8, 3).process(frames)
    return None
