# label: ok
# flax-error: none
# class: 4 monitor.detector.model runs its dropout in the fori_loop body with one key per draw split from monitor.detector.key before the loop
"""Beehive acoustic monitoring: dropout draws of the swarming-anomaly score per hive."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class HiveAcousticNet(nnx.Module):
    def __init__(self, bands, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(bands, 20, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.l2 = nnx.Linear(20, 1, rngs=rngs)

    def __call__(self, spectra, rngs=None):
        h = self.drop(nnx.gelu(self.l1(spectra)), rngs=rngs)
        return nnx.sigmoid(self.l2(h))[..., 0]


class Detector:
    def __init__(self, model, seed):
        self.model = model
        self.key = jax.random.key(seed)


class ApiaryMonitor:
    def __init__(self, detector, draws=5):
        self.detector = detector
        self.draws = draws

    def anomaly_draws(self, spectra):
        out = jnp.zeros((self.draws, spectra.shape[0]))
        keys = jax.random.split(self.detector.key, self.draws)

        def body(i, out):
            score = self.detector.model(spectra, rngs=keys[i])
            return out.at[i].set(score)

        return lax.fori_loop(0, self.draws, body, out)


def main():
    spectra = jax.random.uniform(jax.random.key(12), (6, 16))
    monitor = ApiaryMonitor(Detector(HiveAcousticNet(16, nnx.Rngs(0)), seed=31))
    return monitor.anomaly_draws(spectra)
