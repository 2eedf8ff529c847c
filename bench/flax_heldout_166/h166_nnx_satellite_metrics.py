# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the scan body fires evaluator.callbacks[i].on_step, and the MetricsCallback updates the nnx.MultiMetric it holds
"""Satellite telemetry: an anomaly-detector evaluator with callback hooks over telemetry passes."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class EvalConfig:
    channels: int = 8
    latent: int = 3
    passes: int = 5
    samples: int = 16


class TelemetryAutoencoder(nnx.Module):
    def __init__(self, cfg, rngs):
        self.enc = nnx.Linear(cfg.channels, cfg.latent, rngs=rngs)
        self.dec = nnx.Linear(cfg.latent, cfg.channels, rngs=rngs)

    def __call__(self, x):
        return self.dec(nnx.tanh(self.enc(x)))


class Callback:
    def on_step(self, loss, logits, labels):
        pass


class MetricsCallback(Callback):
    def __init__(self):
        self.metrics = nnx.MultiMetric(loss=nnx.metrics.Average("loss"), accuracy=nnx.metrics.Accuracy())

    def on_step(self, loss, logits, labels):
        self.metrics.update(loss=loss, logits=logits, labels=labels)


class AnomalyEvaluator:
    def __init__(self, model, callbacks, threshold=1.0):
        self.model = model
        self.callbacks = callbacks
        self.threshold = threshold

    def run(self, passes, labels):
        def one_pass(carry, batch):
            frames, flags = batch
            err = jnp.mean((self.model(frames) - frames) ** 2, axis=-1)
            logits = jnp.stack([self.threshold - err, err - self.threshold], -1)
            for cb in self.callbacks:
                cb.on_step(err.mean(), logits, flags)
            return carry, None

        jax.lax.scan(one_pass, None, (passes, labels))


def main():
    cfg = EvalConfig()
    k1, k2 = jax.random.split(jax.random.key(0))
    passes = jax.random.normal(k1, (cfg.passes, cfg.samples, cfg.channels))
    labels = jax.random.bernoulli(k2, 0.2, (cfg.passes, cfg.samples)).astype(jnp.int32)
    metrics_cb = MetricsCallback()
    AnomalyEvaluator(TelemetryAutoencoder(cfg, nnx.Rngs(0)), [Callback(), metrics_cb]).run(passes, labels)
    summary = metrics_cb.metrics.compute()
    summary["loss"].block_until_ready()
    return None
