# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 an autoencoder bound with mutable batch_stats stored on the detector and called from a scan body in a method
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
        self.live = model.bind(variables, mutable=["batch_stats"])

    def _score(self, window):
        recon, normed = self.live(window, adapt=True)
        return jnp.mean((recon - normed) ** 2)

    def consume(self, stream):
        def body(n_alerts, window):
            err = self._score(window)
            return n_alerts + (err > self.threshold).astype(jnp.int32), err

        return lax.scan(body, jnp.int32(0), stream)

    def drift_report(self):
        stats = self.live.variables["batch_stats"]["input_norm"]
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
