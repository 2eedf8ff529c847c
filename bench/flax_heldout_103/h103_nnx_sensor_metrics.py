# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 AnomalyService.scan_line updates its nnx.metrics.Average inside the window fori_loop, after featurize() runs the service's adapter modules
"""Industrial anomaly detection: vibration and pressure sensors on a packaging line each get an
NNX adapter module into a shared feature space; an autoencoder reconstructs the features and
the service tracks the mean reconstruction error with an nnx.metrics.Average."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop


class SensorAdapter(nnx.Module):
    def __init__(self, in_dim: int, out_dim: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(in_dim, out_dim, rngs=rngs)

    def __call__(self, raw):
        return nnx.tanh(self.proj(raw))


class VibrationAdapter(SensorAdapter):
    def __call__(self, raw):
        return super().__call__(jnp.abs(jnp.fft.rfft(raw)))


class PressureAdapter(SensorAdapter):
    pass


class Autoencoder(nnx.Module):
    def __init__(self, dim: int, latent: int, rngs: nnx.Rngs):
        self.enc = nnx.Linear(dim, latent, rngs=rngs)
        self.dec = nnx.Linear(latent, dim, rngs=rngs)

    def __call__(self, x):
        return self.dec(nnx.relu(self.enc(x)))


def featurize(adapters: dict, window: dict):
    return jnp.concatenate([adapters[name](window[name]) for name in sorted(adapters)])


class AnomalyService:
    def __init__(self, rngs: nnx.Rngs):
        self.adapters = {"vibration": VibrationAdapter(9, 4, rngs), "pressure": PressureAdapter(4, 4, rngs)}
        self.detector = Autoencoder(8, 3, rngs)
        self.recon_error = nnx.metrics.Average()

    def scan_line(self, windows: dict, n_windows: int):
        def body(i, worst):
            window = jax.tree.map(lambda a: a[i], windows)
            feats = featurize(self.adapters, window)
            err = jnp.mean((self.detector(feats) - feats) ** 2)
            self.recon_error.update(values=err)
            return jnp.maximum(worst, err)

        worst = fori_loop(0, n_windows, body, jnp.zeros(()))
        return worst, self.recon_error.compute()


def main():
    service = AnomalyService(nnx.Rngs(0))
    kv, kp = jax.random.split(jax.random.key(1))
    windows = {"vibration": jax.random.normal(kv, (10, 16)), "pressure": jax.random.normal(kp, (10, 4))}
    worst, mean_err = service.scan_line(windows, 10)
    float(worst), float(mean_err)
    return None
