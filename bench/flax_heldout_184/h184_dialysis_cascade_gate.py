# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the while_loop body calls cascade.stages[0].score, reached as Cascade -> Stage -> module.apply(self.variables, ...) on a train-mode BatchNorm screen
"""Dialysis session monitor built as a cascade: a cheap screening net looks at every
reading and only when it flags a risk does the severity net's answer count. The
loop walks the session until the first confirmed alert."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class ScreeningNet(nn.Module):
    @nn.compact
    def __call__(self, reading, train: bool = False):
        h = nn.Dense(12)(reading)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.sigmoid(nn.Dense(1)(nn.relu(h)))[..., 0]


class SeverityNet(nn.Module):
    @nn.compact
    def __call__(self, reading, train: bool = False):
        return nn.sigmoid(nn.Dense(1)(nn.tanh(nn.Dense(8)(reading))))[..., 0]


@dataclasses.dataclass
class Stage:
    name: str
    module: nn.Module
    variables: dict
    threshold: float
    train: bool = False

    def score(self, reading):
        return self.module.apply(self.variables, reading, train=self.train).mean()


class Cascade:
    def __init__(self, stages):
        self.stages = stages

    def first_alert(self, session):
        screen, severity = self.stages

        def not_done(state):
            t, alert = state
            return (t < session.shape[0]) & (alert < 0)

        def step(state):
            t, alert = state
            reading = session[t]
            gate = screen.score(reading) > screen.threshold
            confirmed = gate & (severity.score(reading) > severity.threshold)
            return t + 1, jnp.where(confirmed, t, alert)

        return lax.while_loop(not_done, step, (0, -1))


def build(key, example):
    k1, k2 = jax.random.split(key)
    screen_net, severity_net = ScreeningNet(), SeverityNet()
    screen = Stage("screen", screen_net, screen_net.init(k1, example), 0.4, train=True)
    severity = Stage("severity", severity_net, severity_net.init(k2, example), 0.5)
    return Cascade([screen, severity])


def main():
    session = jax.random.normal(jax.random.key(0), (30, 4, 9))
    cascade = build(jax.random.key(1), session[0])
    t, alert = cascade.first_alert(session)
    int(alert)
    return None
