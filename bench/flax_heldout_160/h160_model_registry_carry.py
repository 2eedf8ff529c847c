# label: ok
# flax-error: none
# class: 4 the ModelRegistry keeps (model, variables) per version tuple; the Recalibrator fetches the latest entry, carries its batch_stats through the scan and publishes them back after the loop
"""Recalibration of a vibration-anomaly scorer kept in a versioned model registry.

Versions are keyed by (major, minor, patch) tuples so that (1, 10, 0) sorts after
(1, 2, 0). The recalibrator streams fresh sensor windows through the latest version,
threading its BatchNorm statistics through the scan carry, and writes the final
statistics back into the registry once the loop is over.
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
        self._entries[version] = (model, variables)

    def latest_version(self) -> tuple[int, int, int]:
        return max(self._entries)

    def get(self, version):
        return self._entries[version]

    def update_stats(self, version, batch_stats) -> None:
        model, variables = self._entries[version]
        self._entries[version] = (model, {**variables, "batch_stats": batch_stats})

    def published_stats(self, version):
        return self._entries[version][1]["batch_stats"]


class Recalibrator:
    def __init__(self, registry: ModelRegistry):
        self.registry = registry

    def recalibrate(self, windows):
        version = self.registry.latest_version()
        model, variables = self.registry.get(version)

        def body(carry, window):
            peak, stats = carry
            scores, updates = model.apply(
                {"params": variables["params"], "batch_stats": stats}, window, train=True, mutable=["batch_stats"]
            )
            return (jnp.maximum(peak, scores.max()), updates["batch_stats"]), None

        (peak, stats), _ = lax.scan(body, (jnp.array(-jnp.inf), variables["batch_stats"]), windows)
        self.registry.update_stats(version, stats)
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
