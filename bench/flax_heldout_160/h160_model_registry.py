# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the ModelRegistry keeps model.bind(variables, mutable=["batch_stats"]) per version tuple; the Recalibrator fetches the latest bound model and calls it in the scan body
"""Recalibration of a vibration-anomaly scorer kept in a versioned model registry.

Versions are keyed by (major, minor, patch) tuples so that (1, 10, 0) sorts after
(1, 2, 0). The registry hands out bound models; the recalibrator streams fresh sensor
windows through the latest one so that its BatchNorm statistics follow the plant, and the
registry then publishes the statistics of that version.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class AnomalyScorer(nn.Module):
    hidden: int = 6

    @nn.compact
    def __call__(self, window, train: bool = False):
        h = nn.Dense(self.hidden)(window)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(h)
        return nn.Dense(1)(nn.tanh(h)).squeeze(-1)


class ModelRegistry:
    def __init__(self):
        self._entries = {}

    def register(self, version: tuple[int, int, int], model: nn.Module, variables) -> None:
        self._entries[version] = model.bind(variables, mutable=["batch_stats"])

    def latest_version(self) -> tuple[int, int, int]:
        return max(self._entries)

    def get(self, version):
        return self._entries[version]

    def published_stats(self, version):
        return self._entries[version].variables["batch_stats"]


class Recalibrator:
    def __init__(self, registry: ModelRegistry):
        self.registry = registry

    def recalibrate(self, windows):
        scorer = self.registry.get(self.registry.latest_version())

        def body(peak, window):
            scores = scorer(window, train=True)
            return jnp.maximum(peak, scores.max()), None

        peak, _ = lax.scan(body, jnp.array(-jnp.inf), windows)
        return peak


def main():
    model = AnomalyScorer()
    registry = ModelRegistry()
    for i, version in enumerate([(1, 2, 0), (1, 10, 0), (0, 9, 3)]):
        registry.register(version, model, model.init(jax.random.key(i), jnp.ones((3, 5))))
    windows = jax.random.normal(jax.random.key(7), (6, 3, 5))
    Recalibrator(registry).recalibrate(windows)
    stats = registry.published_stats(registry.latest_version())
    checksum = sum(jnp.sum(leaf) for leaf in jax.tree.leaves(stats))
    print("published stats checksum", checksum)
    return None
