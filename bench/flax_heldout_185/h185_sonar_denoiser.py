# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 SonarDenoiser.__call__ scans over pings and calls an nn.remat-wrapped Dense filter in the body, so init creates the filter's params inside the scan
"""Recurrent echo suppression for a side-scan sonar; the filter is rematerialised to save memory."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

TAPS = 16


@dataclasses.dataclass(frozen=True)
class SonarConfig:
    taps: int = TAPS
    echo_feedback: float = 0.5


class SonarDenoiser(nn.Module):
    config: SonarConfig

    @nn.compact
    def __call__(self, pings):
        cfg = self.config
        echo_filter = nn.remat(nn.Dense)(cfg.taps, name="echo_filter")

        def body(echo, ping):
            cleaned = ping - echo_filter(cfg.echo_feedback * echo)
            return cleaned, cleaned

        _, cleaned = jax.lax.scan(body, jnp.zeros((cfg.taps,)), pings)
        return cleaned


class SurveyProcessor:
    def __init__(self, config: SonarConfig, seed: int = 0):
        self.model = SonarDenoiser(config)
        self.seed = seed
        self.variables = None

    def _ensure_variables(self, pings):
        if self.variables is None:
            self.variables = self.model.init(jax.random.key(self.seed), pings)
        return self.variables

    def process_swath(self, pings):
        return self.model.apply(self._ensure_variables(pings), pings)


def main():
    pings = jnp.cos(jnp.linspace(0.0, 9.0, 5 * TAPS)).reshape(5, TAPS)
    processor = SurveyProcessor(SonarConfig())
    cleaned = processor.process_swath(pings)
    cleaned.block_until_ready()
    return None
