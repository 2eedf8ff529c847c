# label: same-values
# flax-error: none
# class: 4 the HiveMonitor's self.augmenter.rngs.noise.key is read (not advanced) inside every scan step to draw the sensor jitter
"""Beehive health monitoring: augment acoustic and temperature sensor windows with jitter
before scoring colony stress, one augmented window per loop step."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class SensorAugmenter(nnx.Module):
    def __init__(self, scale, rngs: nnx.Rngs):
        self.scale = scale
        self.rngs = rngs

    def jitter(self, window):
        key = self.rngs.noise.key[...]
        return self.scale * jax.random.normal(key, window.shape)


class StressScorer(nnx.Module):
    def __init__(self, channels, rngs: nnx.Rngs):
        self.conv = nnx.Conv(channels, 8, kernel_size=(5,), rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, window):
        return self.head(nnx.relu(self.conv(window)).mean(0)).squeeze(-1)


class HiveMonitor:
    def __init__(self, channels=3, seed=0):
        rngs = nnx.Rngs(params=seed, noise=seed + 100)
        self.scorer = StressScorer(channels, rngs)
        self.augmenter = SensorAugmenter(0.1, rngs)

    def augmented_scores(self, window, views):
        def view(carry, _):
            noise = self.augmenter.jitter(window)
            return carry, {"jitter": noise, "stress": self.scorer(window + noise)}

        _, out = lax.scan(view, None, None, length=views)
        return out


def main():
    window = jax.random.normal(jax.random.key(7), (32, 3))
    monitor = HiveMonitor()
    out = monitor.augmented_scores(window, views=6)
    return out
