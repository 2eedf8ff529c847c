# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[9,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 nn.remat(ResidualBlock) built in setup and called from TelemetryEncoder.__call__ inside a raw scan body (init traces the body too)
"""Telemetry encoder for low-orbit satellite housekeeping channels.

Blocks are rematerialized to fit long passes in memory; the encoder walks over a
pass frame by frame and accumulates a summary embedding for the anomaly detector.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ResidualBlock(nn.Module):
    width: int

    @nn.compact
    def __call__(self, x):
        return x + nn.Dense(self.width)(nn.silu(nn.LayerNorm()(x)))


class TelemetryEncoder(nn.Module):
    width: int = 12

    def setup(self):
        self.proj = nn.Dense(self.width)
        self.block = nn.remat(ResidualBlock)(self.width)

    def __call__(self, frames):
        def body(summary, frame):
            h = self.block(self.proj(frame))
            return 0.9 * summary + 0.1 * h, None

        summary, _ = jax.lax.scan(body, jnp.zeros((self.width,)), frames)
        return summary


class AnomalyDetector:
    def __init__(self, encoder, variables, threshold=3.0):
        self.encoder = encoder
        self.variables = variables
        self.threshold = threshold

    def check_pass(self, frames):
        z = self.encoder.apply(self.variables, frames)
        return jnp.linalg.norm(z) > self.threshold


def main():
    frames = jax.random.normal(jax.random.key(0), (20, 9))
    encoder = TelemetryEncoder()
    variables = encoder.init(jax.random.key(1), frames[:4])
    AnomalyDetector(encoder, variables).check_pass(frames)
    return None
