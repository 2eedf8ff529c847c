# label: ok
# flax-error: none
# class: 4 HiveService opens a HiveSession in its SessionPool; the session binds an eval clone (running averages) of the model, and that bound module runs in the scan body
"""Hive health scoring service: one session per apiary scores a week of hive sensor frames."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class HiveHealthNet(nn.Module):
    hidden: int = 16
    train: bool = True

    @nn.compact
    def __call__(self, frame):
        h = nn.Dense(self.hidden)(frame)
        h = nn.BatchNorm(use_running_average=not self.train, momentum=0.9)(h)
        h = nn.gelu(h)
        return nn.Dense(1)(h)[..., 0]


@dataclass
class HiveSession:
    apiary: str
    bound: nn.Module

    def score(self, frame):
        return self.bound(frame)


@dataclass
class SessionPool:
    sessions: dict = field(default_factory=dict)

    def open(self, apiary, model, variables):
        self.sessions[apiary] = HiveSession(apiary, model.clone(train=False).bind(variables))
        return self.sessions[apiary]

    def get(self, apiary):
        return self.sessions[apiary]


class HiveService:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables
        self.pool = SessionPool()

    def weekly_report(self, apiary, frames):
        self.pool.open(apiary, self.model, self.variables)

        def day(total, frame):
            scores = self.pool.get(apiary).score(frame)
            return total + scores.mean(), scores

        total, per_day = lax.scan(day, jnp.zeros(()), frames)
        return total / frames.shape[0], per_day


def main():
    frames = jax.random.normal(jax.random.key(0), (7, 6, 5))  # days x hives x sensors
    model = HiveHealthNet()
    variables = model.init(jax.random.key(1), frames[0])
    service = HiveService(model, variables)
    service.weekly_report("apiary-north", frames)
    return None
