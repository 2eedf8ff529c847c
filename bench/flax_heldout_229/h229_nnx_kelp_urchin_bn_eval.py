# label: ok
# flax-error: none
# class: 4 the model held by a BarrenEvaluator owned by a KelpMonitor is switched to eval mode and then called in the scan body
"""Kelp forest monitoring: urchin-barren classifier run over the frames of a diver
video transect; the monitor keeps one evaluator per reef site."""
import jax
import jax.numpy as jnp
from flax import nnx


class BarrenClassifier(nnx.Module):
    def __init__(self, features: int, hidden: int, *, rngs: nnx.Rngs):
        self.embed = nnx.Linear(features, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        h = nnx.relu(self.norm(self.embed(x)))
        return nnx.sigmoid(self.head(self.drop(h)))[..., 0]


class BarrenEvaluator:
    def __init__(self, model: BarrenClassifier):
        self.model = model

    def barren_fraction(self, frames):
        self.model.eval()

        def body(acc, frame):
            p = self.model(frame)
            return acc + (p > 0.5).mean(), None

        total, _ = jax.lax.scan(body, jnp.zeros(()), frames)
        return total / frames.shape[0]


class KelpMonitor:
    def __init__(self, sites, features, rngs):
        self.evaluators = {s: BarrenEvaluator(BarrenClassifier(features, 8, rngs=rngs)) for s in sites}

    def survey(self, site, frames):
        return self.evaluators[site].barren_fraction(frames)


def main():
    monitor = KelpMonitor(["north_reef", "cove"], features=6, rngs=nnx.Rngs(0, dropout=1))
    frames = jax.random.uniform(jax.random.key(7), (5, 10, 6))  # frames x patches x colour/texture
    monitor.survey("cove", frames)
    return None
