# label: ok
# flax-error: none
# class: 5 make_docket_step(model, variables, cfg) returns a step that applies the model in eval mode inside the scan
"""Hearing-duration estimates for a county court's weekly docket planner."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class DocketConfig:
    courtrooms: int = 4
    features: int = 7
    normalise_online: bool = False  # use the stored normalisation stats


class HearingDuration(nn.Module):
    @nn.compact
    def __call__(self, filings, train: bool):
        h = nn.BatchNorm(use_running_average=not train)(filings)
        h = nn.relu(nn.Dense(16)(h))
        return nn.softplus(nn.Dense(1)(h))[..., 0]


def make_docket_step(model, variables, cfg: DocketConfig):
    def step(booked_hours, day_filings):
        minutes = model.apply(variables, day_filings, train=cfg.normalise_online)
        per_room = minutes.reshape(cfg.courtrooms, -1).sum(axis=1) / 60.0
        return booked_hours + per_room, per_room.max()

    return step


class DocketPlanner:
    def __init__(self, step, cfg: DocketConfig):
        self.step = step
        self.cfg = cfg

    def plan_week(self, filings_by_day):
        booked, busiest = jax.lax.scan(self.step, jnp.zeros(self.cfg.courtrooms), filings_by_day)
        return booked, busiest


def main():
    cfg = DocketConfig()
    filings = jax.random.normal(jax.random.key(2), (5, 12, cfg.features))
    model = HearingDuration()
    variables = model.init(jax.random.key(0), filings[0], train=False)
    planner = DocketPlanner(make_docket_step(model, variables, cfg), cfg)
    booked, busiest = planner.plan_week(filings)
    print("booked hours per room", booked, "busiest day", float(busiest.max()))
    return None
