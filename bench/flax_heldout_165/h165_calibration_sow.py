# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 TemperatureScaler.__call__ runs the scan itself and sows each chunk's confidences into 'intermediates' from inside the body
"""Calibration job: temperature-scale the logits of a classifier chunk by chunk and compute the
expected calibration error from the confidences the scaler records."""

import dataclasses

import flax.linen as nn
import jax
import jax.numpy as jnp

lax = jax.lax


class TemperatureScaler(nn.Module):
    @nn.compact
    def __call__(self, logit_chunks):
        log_t = self.param("log_temperature", nn.initializers.constant(0.3), ())

        def body(total_nll, logits):
            probs = jax.nn.softmax(logits / jnp.exp(log_t), axis=-1)
            confidence = probs.max(axis=-1)
            self.sow("intermediates", "confidence", confidence)
            return total_nll - jnp.log(confidence).sum(), probs.argmax(axis=-1)

        nll, predictions = lax.scan(body, jnp.zeros(()), logit_chunks)
        return nll, predictions


@dataclasses.dataclass(frozen=True)
class CalibrationReport:
    nll: float
    ece: float


class CalibrationJob:
    def __init__(self, num_bins=5):
        self.scaler = TemperatureScaler()
        self.num_bins = num_bins

    def run(self, logit_chunks, labels):
        params = self.scaler.init(jax.random.key(0), logit_chunks)["params"]
        (nll, predictions), state = self.scaler.apply(
            {"params": params}, logit_chunks, mutable=["intermediates"]
        )
        confidence = state["intermediates"]["confidence"][-1].ravel()
        correct = (predictions.ravel() == labels.ravel()).astype(jnp.float32)
        bins = jnp.clip((confidence * self.num_bins).astype(jnp.int32), 0, self.num_bins - 1)
        gap = jnp.abs(jax.ops.segment_sum(confidence - correct, bins, self.num_bins))
        return CalibrationReport(float(nll), float(gap.sum() / confidence.size))


def main():
    logits = jax.random.normal(jax.random.key(1), (4, 16, 3)) * 3.0
    labels = jax.random.randint(jax.random.key(2), (4, 16), 0, 3)
    CalibrationJob().run(logits, labels)
    return None
