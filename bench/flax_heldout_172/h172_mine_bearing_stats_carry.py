# label: ok
# flax-error: none
# class: 4 the trainer's params reach the scan body through Evaluator.trainer.state.variables; batch_stats travel in the carry with mutable=["batch_stats"] and are written back after the loop
"""Mining equipment failure predictor: scores vibration windows from a haul-truck bearing.
Configuration is layered: library defaults, site overrides, then an environment layer."""
from dataclasses import dataclass, replace

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
        params = self.trainer.state.variables["params"]

        def score(carry, windows):
            total, stats = carry
            risk, updates = self.trainer.model.apply(
                {"params": params, "batch_stats": stats}, windows, adapt=adapt,
                mutable=["batch_stats"])
            return (total + risk.mean(), updates["batch_stats"]), risk.max()

        init = (jnp.zeros(()), self.trainer.state.variables["batch_stats"])
        (total, stats), peaks = jax.lax.scan(score, init, shifts)
        self.trainer.state = replace(self.trainer.state,
                                     variables={"params": params, "batch_stats": stats})
        return total / shifts.shape[0], peaks


def main():
    trainer = Trainer(resolve_config("pilbara"))
    shifts = jnp.sin(jnp.arange(5 * 4 * 6, dtype=jnp.float32)).reshape(5, 4, 6)
    mean_risk, peaks = trainer.evaluator.failure_risk(shifts)
    print("mean risk", mean_risk, "peaks", peaks)
    return None
