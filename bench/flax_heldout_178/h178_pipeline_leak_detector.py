# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,1,10] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 LeakDetector.variables is filled lazily by model.init on the first call, which happens inside the scan body
"""Oil pipeline leak detection: pressure-wave segments scored by a lazily initialised detector."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class DetectorConfig:
    taps: int = 12
    hidden: int = 10
    seed: int = 0


class PressureNet(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, segment):
        h = nn.Conv(self.hidden, kernel_size=(3,))(segment[..., None])
        h = nn.relu(h).mean(axis=-2)
        return nn.Dense(1)(h).squeeze(-1)


class LeakDetector:
    """Builds its variables on first use so callers need not know the segment shape."""

    def __init__(self, config):
        self.model = PressureNet(config.hidden)
        self.key = jax.random.key(config.seed)
        self.variables = None

    def score(self, segment):
        if self.variables is None:
            self.variables = self.model.init(self.key, segment)
        return jax.nn.sigmoid(self.model.apply(self.variables, segment))


def main():
    config = DetectorConfig()
    detector = LeakDetector(config)
    segments = jax.random.normal(jax.random.key(5), (6, 4, config.taps))

    def sweep(worst, segment):
        prob = detector.score(segment)
        return jnp.maximum(worst, prob.max()), prob

    worst, probs = scan(sweep, jnp.zeros(()), segments)
    # Re-score the segment nearest the pump station for the incident report.
    report = detector.score(segments[0])
    print("worst", float(worst), "report", report)
    return None
