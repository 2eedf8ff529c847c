# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_profile_step factory returns a step closing over functools.partial(model.apply, variables, train=cfg.train)
"""Dryer-section moisture profiling for a paper mill.

Quality control replays the cross-direction moisture scans of a finished reel through the
deployed model; the step function comes from the same factory the training job uses."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class ProfileConfig:
    cylinders: int = 12
    features: int = 10
    train: bool = True


class MoistureHead(nn.Module):
    features: int

    @nn.compact
    def __call__(self, scan_row, train: bool):
        h = nn.Dense(self.features)(scan_row)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.sigmoid(nn.Dense(1)(nn.gelu(h))).squeeze(-1)


def make_profile_step(model, variables, cfg: ProfileConfig):
    predict = functools.partial(model.apply, variables, train=cfg.train)

    def step(worst, scan_row):
        moisture = predict(scan_row)
        return jnp.maximum(worst, jnp.max(moisture)), jnp.mean(moisture)

    return step


class ReelInspector:
    def __init__(self, model, variables, cfg: ProfileConfig):
        self.cfg = cfg
        self.step = make_profile_step(model, variables, cfg)

    def inspect(self, rows):
        worst, means = lax.scan(self.step, jnp.float32(0.0), rows)
        return {"worst": worst, "mean": jnp.mean(means)}


def main():
    cfg = ProfileConfig()
    model = MoistureHead(cfg.features)
    rows = jax.random.uniform(jax.random.key(3), (5, 4, cfg.cylinders))
    variables = model.init(jax.random.key(0), rows[0], train=False)
    inspector = ReelInspector(model, variables, cfg)
    report = inspector.inspect(rows)
    jax.block_until_ready(report)
    return None
