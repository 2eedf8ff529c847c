# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the rollout engine's scan body calls a step function built as jax.checkpoint(functools.partial(model.apply, variables, train=cfg.train)); the partial carries the training flag but no mutable collections
"""Precipitation nowcasting: rolls a radar-frame model forward autoregressively over the
next lead times; each lead step is rematerialised to keep the rollout within device memory."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan

GRID = 16


@dataclasses.dataclass(frozen=True)
class RolloutConfig:
    lead_steps: int = 6
    train: bool = True
    hidden: int = 8


class AdvectionNet(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, frame, train: bool):
        h = nn.Conv(self.hidden, (3, 3))(frame[..., None])
        h = nn.BatchNorm(use_running_average=not train)(h)
        h = nn.gelu(h)
        return frame + nn.Conv(1, (3, 3))(h)[..., 0]


def build_step_fn(model, variables, cfg):
    return jax.checkpoint(functools.partial(model.apply, variables, train=cfg.train))


class RolloutEngine:
    def __init__(self, step_fn, cfg):
        self.step_fn = step_fn
        self.cfg = cfg

    def forecast(self, last_frame):
        def advance(frame, _):
            nxt = self.step_fn(frame)
            return nxt, nxt

        _, frames = scan(advance, last_frame, None, length=self.cfg.lead_steps)
        return frames


def main():
    cfg = RolloutConfig()
    model = AdvectionNet(cfg.hidden)
    radar = jax.random.uniform(jax.random.PRNGKey(0), (2, GRID, GRID))
    variables = model.init(jax.random.PRNGKey(1), radar, train=False)
    engine = RolloutEngine(build_step_fn(model, variables, cfg), cfg)
    engine.forecast(radar)
    return None
