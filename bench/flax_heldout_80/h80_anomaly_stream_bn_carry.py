# label: ok
# flax-error: none
# class: 5 the batch_stats of an autoencoder carried through the scan by the detector and written back after the loop
"""Streaming anomaly detection: a service adapts its normaliser to a sensor stream."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class AutoEncoder(nn.Module):
    features: int = 6
    latent: int = 2

    @nn.compact
    def __call__(self, x, adapt: bool):
        x = nn.BatchNorm(use_running_average=not adapt, momentum=0.9, name="input_norm")(x)
        z = nn.tanh(nn.Dense(self.latent, name="encoder")(x))
        return nn.Dense(self.features, name="decoder")(z), x


class StreamingAnomalyService:
    def __init__(self, model, variables, threshold=3.0):
        self.model = model
        self.threshold = threshold
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def _score(self, batch_stats, window):
        (recon, normed), updates = self.model.apply(
            {"params": self.params, "batch_stats": batch_stats}, window, adapt=True,
            mutable=["batch_stats"])
        return jnp.mean((recon - normed) ** 2), updates["batch_stats"]

    def consume(self, stream):
        def body(carry, window):
            n_alerts, stats = carry
            err, stats = self._score(stats, window)
            return (n_alerts + (err > self.threshold).astype(jnp.int32), stats), err

        (n_alerts, self.batch_stats), errs = lax.scan(body, (jnp.int32(0), self.batch_stats), stream)
        return n_alerts, errs

    def drift_report(self):
        stats = self.batch_stats["input_norm"]
        return {"mean_shift": jnp.linalg.norm(stats["mean"]), "var_scale": jnp.mean(stats["var"])}


def main():
    model = AutoEncoder()
    windows = jax.random.normal(jax.random.key(0), (8, 16, 6))
    variables = model.init(jax.random.key(1), windows[0], adapt=False)
    service = StreamingAnomalyService(model, variables)
    service.consume(windows)
    report = service.drift_report()
    float(report["mean_shift"])
    return None
