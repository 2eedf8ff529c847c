# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 QualityGate keeps the anomaly model and its variables as attributes; the scan body scores each batch with train=True before the update step
"""Vaccine cold-chain logger calibration: before each calibration update the batch of fridge
readings passes a data-quality gate (an anomaly model). Batches the gate rejects leave the
calibration unchanged."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class AnomalyScorer(nn.Module):
    @nn.compact
    def __call__(self, readings, train: bool = False):
        h = nn.Dense(8)(readings)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return jnp.abs(nn.Dense(1)(nn.relu(h))).mean()


@dataclasses.dataclass(frozen=True)
class GateConfig:
    threshold: float = 5.0
    train_scorer: bool = True
    learning_rate: float = 0.05


class QualityGate:
    def __init__(self, scorer: AnomalyScorer, variables, config: GateConfig):
        self.scorer = scorer
        self.variables = variables
        self.config = config

    def accepts(self, readings):
        score = self.scorer.apply(self.variables, readings, train=self.config.train_scorer)
        return score < self.config.threshold


def calibration_loss(offset, batch):
    readings, reference = batch
    return jnp.mean((readings.mean(-1) + offset - reference) ** 2)


class CalibrationTrainer:
    def __init__(self, gate: QualityGate, config: GateConfig):
        self.gate = gate
        self.config = config

    def fit(self, offset, batches):
        def update(offset, batch):
            accepted = self.gate.accepts(batch[0])
            grad = jax.grad(calibration_loss)(offset, batch)
            offset = jnp.where(accepted, offset - self.config.learning_rate * grad, offset)
            return offset, accepted

        return lax.scan(update, offset, batches)


def main():
    config = GateConfig()
    scorer = AnomalyScorer()
    readings = jax.random.normal(jax.random.key(1), (6, 16, 4)) + 4.0
    reference = jnp.full((6, 16), 4.5)
    variables = scorer.init(jax.random.key(0), readings[0])
    trainer = CalibrationTrainer(QualityGate(scorer, variables, config), config)
    trainer.fit(jnp.zeros(()), (readings, reference))
    return None
