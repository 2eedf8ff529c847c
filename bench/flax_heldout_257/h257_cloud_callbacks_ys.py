# label: ok
# flax-error: none
# class: 5 the scan body in StatsRecalibration.run emits the mutated batch_stats as ys; the callbacks in the list receive each step's stats after the scan
"""Recalibrates a cloud-cover classifier on a new sensor, with a callback list for reporting and snapshots."""

from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class CloudCoverNet(nn.Module):
    channels: int = 8

    @nn.compact
    def __call__(self, tiles, train: bool = False):
        x = nn.Conv(self.channels, (3, 3))(tiles)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x).mean(axis=(1, 2))
        return nn.Dense(1)(x).squeeze(-1)


class Callback:
    def on_step(self, step, cover, batch_stats):
        pass

    def on_end(self, trainer):
        pass


class CoverLogger(Callback):
    def __init__(self):
        self.history = []

    def on_step(self, step, cover, batch_stats):
        self.history.append(cover)


class StatsSnapshot(Callback):
    def __init__(self, probe_tiles):
        self.probe_tiles = probe_tiles
        self.batch_stats = None
        self.probe_cover = None

    def on_step(self, step, cover, batch_stats):
        self.batch_stats = batch_stats

    def on_end(self, trainer):
        variables = {"params": trainer.params, "batch_stats": self.batch_stats}
        self.probe_cover = trainer.model.apply(variables, self.probe_tiles)


@dataclass
class StatsRecalibration:
    model: nn.Module
    params: dict
    batch_stats: dict
    callbacks: list = field(default_factory=list)

    def run(self, scenes):
        def recalibrate(stats, scene):
            cover, mutated = self.model.apply(
                {"params": self.params, "batch_stats": stats}, scene, train=True, mutable=["batch_stats"]
            )
            new_stats = mutated["batch_stats"]
            return new_stats, (cover, new_stats)

        self.batch_stats, (covers, stats_per_step) = scan(recalibrate, self.batch_stats, scenes)
        for step in range(scenes.shape[0]):
            stats_at_step = jax.tree.map(lambda leaf: leaf[step], stats_per_step)
            for callback in self.callbacks:
                callback.on_step(step, covers[step], stats_at_step)
        for callback in self.callbacks:
            callback.on_end(self)
        return covers.mean(axis=1)


def main():
    key = jax.random.key(0)
    scenes = jax.random.uniform(key, (4, 2, 8, 8, 3))
    probe = jax.random.uniform(jax.random.key(1), (2, 8, 8, 3))
    model = CloudCoverNet()
    variables = model.init(jax.random.key(2), scenes[0])
    snapshot = StatsSnapshot(probe)
    job = StatsRecalibration(model, variables["params"], variables["batch_stats"],
                             callbacks=[CoverLogger(), snapshot])
    covers = job.run(scenes)
    jax.block_until_ready((covers, snapshot.probe_cover))
