# label: ok
# flax-error: none
# class: 4 the trainer splits its model into the scan carry; the recalibrated state leaves through the final carry and is handed to self.monitor after the loop
"""Recalibration of the pilot-assist model: after the pilots' boarding positions changed, the
batch statistics of the model are re-estimated on the new traffic before the evaluation run."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class RecalibrationConfig:
    traffic_features: int = 5
    hidden: int = 8
    batches: int = 4
    batch_size: int = 6
    seed: int = 12


class PilotAssistModel(nnx.Module):
    def __init__(self, cfg: RecalibrationConfig, rngs: nnx.Rngs):
        self.encode = nnx.Linear(cfg.traffic_features, cfg.hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(cfg.hidden, momentum=0.8, rngs=rngs)
        self.eta_head = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, traffic):
        return self.eta_head(nnx.relu(self.norm(self.encode(traffic))))[..., 0]


class StatsMonitor:
    def __init__(self):
        self.latest = None
        self.steps = 0

    def record(self, batch_stats, steps: int = 1):
        self.latest = batch_stats
        self.steps += steps


class PilotTrainer:
    def __init__(self, cfg: RecalibrationConfig):
        self.cfg = cfg
        self.model = PilotAssistModel(cfg, nnx.Rngs(cfg.seed))
        self.monitor = StatsMonitor()

    def recalibrate(self, traffic_batches):
        self.model.train()
        graphdef, state = nnx.split(self.model)

        def calibration_step(state, traffic):
            model = nnx.merge(graphdef, state)
            eta = model(traffic)
            return nnx.state(model), jnp.mean(eta)

        state, mean_eta = jax.lax.scan(calibration_step, state, traffic_batches)
        nnx.update(self.model, state)
        self.monitor.record(nnx.state(self.model, nnx.BatchStat), steps=traffic_batches.shape[0])
        return mean_eta


class CalibrationEvaluator:
    def __init__(self, trainer: PilotTrainer):
        self.trainer = trainer

    def score(self, traffic, eta_minutes):
        model = self.trainer.model
        model.eval()
        return jnp.mean((model(traffic) - eta_minutes) ** 2)


def traffic_batches(cfg: RecalibrationConfig):
    key = jax.random.key(cfg.seed + 1)
    return jax.random.normal(key, (cfg.batches, cfg.batch_size, cfg.traffic_features))


def main():
    cfg = RecalibrationConfig()
    trainer = PilotTrainer(cfg)
    batches = traffic_batches(cfg)
    mean_eta = trainer.recalibrate(batches)
    error = CalibrationEvaluator(trainer).score(batches[0], jnp.ones((cfg.batch_size,)))
    jax.block_until_ready((mean_eta, error))
    return None
