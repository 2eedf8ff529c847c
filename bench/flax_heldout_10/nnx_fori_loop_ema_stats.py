# label: ok
# flax-error: none
# class: 2 lifted nnx.fori_loop with the tracker carried; observe() writes Variables
"""Running feature statistics (NNX) accumulated over a dataset with the lifted nnx.fori_loop."""
import jax
import jax.numpy as jnp
from flax import nnx


class RunningStat(nnx.Variable):
    pass


class FeatureTracker(nnx.Module):
    def __init__(self, d_in, d_feat, rngs):
        self.feat = nnx.Linear(d_in, d_feat, rngs=rngs)
        self.mean = RunningStat(jnp.zeros(d_feat))
        self.count = RunningStat(jnp.zeros((), jnp.int32))

    def observe(self, x, decay=0.9):
        f = self.feat(x).mean(0)
        self.mean[...] = decay * self.mean[...] + (1 - decay) * f
        self.count[...] = self.count[...] + 1


def track(tracker, data):
    def body(i, t):
        t.observe(data[i])
        return t

    return nnx.fori_loop(0, data.shape[0], body, tracker)


def whiten(tracker, x):
    f = tracker.feat(x)
    return f - tracker.mean[...]


def main():
    tracker = FeatureTracker(3, 5, nnx.Rngs(0))
    data = jax.random.normal(jax.random.key(1), (4, 10, 3))
    track(tracker, data)
    n = int(tracker.count[...])
    centred = whiten(tracker, data[0])
    return None
