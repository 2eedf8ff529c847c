# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 LeakDetector.model (nnx.BatchNorm in train mode) is called from the fori_loop body that scans pipeline segments
"""Oil-pipeline leak detection: pressure segments are scored one after another along the line."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class PressureNet(nnx.Module):
    def __init__(self, sensors: int, rngs: nnx.Rngs):
        self.norm = nnx.BatchNorm(sensors, momentum=0.9, rngs=rngs)
        self.score = nnx.Linear(sensors, 1, rngs=rngs)

    def __call__(self, segment):
        return nnx.sigmoid(self.score(self.norm(segment)))[..., 0]


class LeakDetector:
    def __init__(self, model, threshold=0.7):
        self.model = model
        self.threshold = threshold

    def scan_line(self, segments):
        def body(i, flagged):
            prob = self.model(segments[i])
            return flagged + jnp.sum(prob > self.threshold)

        return lax.fori_loop(0, segments.shape[0], body, jnp.int32(0))


def main():
    detector = LeakDetector(PressureNet(4, nnx.Rngs(0)))
    segments = jax.random.normal(jax.random.key(1), (7, 16, 4))
    detector.scan_line(segments).block_until_ready()
    return None
