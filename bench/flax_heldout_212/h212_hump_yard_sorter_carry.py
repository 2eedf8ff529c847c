# label: ok
# flax-error: none
# class: 4 a ClassifierSession inside a YardController holds params and batch_stats; the scan body calls controller.session.classify with the statistics in the carry
"""Hump-yard sorting: every car pushed over the hump is routed to a classification track.

The controller's session applies the classifier functionally: the BatchNorm statistics travel
through the scan carry and are stored back on the session after the cut."""
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
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def classify(self, batch_stats, cars):
        logits, updates = self.model.apply(
            {"params": self.params, "batch_stats": batch_stats}, cars, train=True, mutable=["batch_stats"]
        )
        return logits, updates["batch_stats"]

    def snapshot(self):
        return self.batch_stats


class YardController:
    def __init__(self, config: YardConfig, session: ClassifierSession):
        self.config = config
        self.session = session
        self.shift_stats = []

    def sort_cut(self, cut):
        def hump_group(carry, cars):
            track_load, batch_stats = carry
            logits, batch_stats = self.session.classify(batch_stats, cars)
            track = jnp.argmax(logits, axis=-1)
            load = track_load + jax.nn.one_hot(track, self.config.num_tracks).sum(0)
            return (load, batch_stats), track

        init = (jnp.zeros(self.config.num_tracks), self.session.batch_stats)
        (load, batch_stats), tracks = lax.scan(hump_group, init, cut)
        self.session.batch_stats = batch_stats
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
