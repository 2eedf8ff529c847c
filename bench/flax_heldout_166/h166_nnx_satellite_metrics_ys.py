# label: ok
# flax-error: none
# class: 4 the scan body returns each pass's loss and logits as outputs; after the loop evaluator.callbacks[i].on_step feeds them to the nnx.MultiMetric the MetricsCallback holds
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
        def one_pass(carry, frames):
            err = jnp.mean((self.model(frames) - frames) ** 2, axis=-1)
            logits = jnp.stack([self.threshold - err, err - self.threshold], -1)
            return carry, (err.mean(), logits)

        _, (losses, logits) = jax.lax.scan(one_pass, None, passes)
        for cb in self.callbacks:
            cb.on_step(losses, logits.reshape(-1, 2), labels.reshape(-1))


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
