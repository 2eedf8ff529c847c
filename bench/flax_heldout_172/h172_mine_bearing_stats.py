# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the trainer's variables reach the scan body through Evaluator.trainer.state.variables; apply runs BatchNorm in batch-statistics mode without mutable
"""Mining equipment failure predictor: scores vibration windows from a haul-truck bearing.
Configuration is layered: library defaults, site overrides, then an environment layer."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn

DEFAULTS = {"hidden": 12, "bn_mode": "frozen", "window": 6}
SITE_OVERRIDES = {"pilbara": {"hidden": 16}}
ENVIRONMENT = {"BEARING_BN_MODE": "adaptive"}  # what the deployment sets


@dataclass(frozen=True)
class PredictorConfig:
    hidden: int
    bn_mode: str
    window: int


def resolve_config(site):
    merged = dict(DEFAULTS)
    merged.update(SITE_OVERRIDES.get(site, {}))
    if "BEARING_BN_MODE" in ENVIRONMENT:
        merged["bn_mode"] = ENVIRONMENT["BEARING_BN_MODE"]
    return PredictorConfig(**merged)


class BearingNet(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, window, adapt: bool):
        h = nn.Dense(self.hidden)(window)
        h = nn.BatchNorm(use_running_average=not adapt, momentum=0.9)(h)
        return nn.sigmoid(nn.Dense(1)(nn.relu(h)))[..., 0]


@dataclass
class TrainState:
    variables: dict
    step: int = 0


class Trainer:
    def __init__(self, cfg: PredictorConfig):
        self.cfg = cfg
        self.model = BearingNet(cfg.hidden)
        variables = self.model.init(jax.random.key(0), jnp.zeros((4, cfg.window)), adapt=False)
        self.state = TrainState(variables)
        self.evaluator = Evaluator(self)


class Evaluator:
    def __init__(self, trainer: Trainer):
        self.trainer = trainer

    def failure_risk(self, shifts):
        adapt = self.trainer.cfg.bn_mode == "adaptive"

        def score(total, windows):
            risk = self.trainer.model.apply(self.trainer.state.variables, windows, adapt=adapt)
            return total + risk.mean(), risk.max()

        total, peaks = jax.lax.scan(score, jnp.zeros(()), shifts)
        return total / shifts.shape[0], peaks


def main():
    trainer = Trainer(resolve_config("pilbara"))
    shifts = jnp.sin(jnp.arange(5 * 4 * 6, dtype=jnp.float32)).reshape(5, 4, 6)
    mean_risk, peaks = trainer.evaluator.failure_risk(shifts)
    print("mean risk", mean_risk, "peaks", peaks)
    return None
