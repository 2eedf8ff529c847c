# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a model.bind(variables, mutable=['batch_stats']) kept by a ClassifierSession inside a YardController; the scan body calls controller.session.classify
"""Hump-yard sorting: every car pushed over the hump is routed to a classification track.

The controller keeps a bound classifier session whose BatchNorm statistics adapt to the
cars of the current cut; after the cut it snapshots the statistics for the next shift."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class YardConfig:
    num_tracks: int = 6
    features: int = 8
    cars_per_group: int = 4
    groups_per_cut: int = 5


class TrackClassifier(nn.Module):
    num_tracks: int

    @nn.compact
    def __call__(self, cars, train: bool):
        h = nn.Dense(16)(cars)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(self.num_tracks)(nn.relu(h))


class ClassifierSession:
    def __init__(self, model, variables):
        self.model = model
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def classify(self, cars):
        return self.bound(cars, train=True)

    def snapshot(self):
        return self.bound.variables["batch_stats"]


class YardController:
    def __init__(self, config: YardConfig, session: ClassifierSession):
        self.config = config
        self.session = session
        self.shift_stats = []

    def sort_cut(self, cut):
        def hump_group(track_load, cars):
            logits = self.session.classify(cars)
            track = jnp.argmax(logits, axis=-1)
            load = track_load + jax.nn.one_hot(track, self.config.num_tracks).sum(0)
            return load, track

        load, tracks = lax.scan(hump_group, jnp.zeros(self.config.num_tracks), cut)
        stats = self.session.snapshot()
        self.shift_stats.append(jax.tree.map(lambda a: a * 1.0, stats))
        return load, tracks


def main():
    cfg = YardConfig()
    model = TrackClassifier(cfg.num_tracks)
    cut = jax.random.normal(jax.random.key(0), (cfg.groups_per_cut, cfg.cars_per_group, cfg.features))
    variables = model.init(jax.random.key(1), cut[0], train=False)
    controller = YardController(cfg, ClassifierSession(model, variables))
    controller.sort_cut(cut)
    return None
