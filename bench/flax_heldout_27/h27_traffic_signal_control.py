# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/encoder/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a policy factory partials model.apply with train=True; the flag reaches a BatchNorm two modules down, called from a while_loop body without mutable
"""Adaptive traffic-signal control for a four-approach intersection.

A Q-network scores the signal phases from queue lengths; the simulator keeps switching to
the best phase until the queues drain or the cycle budget runs out.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class SignalConfig:
    approaches: int = 4
    phases: int = 3
    hidden: int = 8
    max_cycles: int = 6
    online_adaptation: bool = True


class QueueEncoder(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, queues, train):
        h = nn.Dense(self.hidden)(jnp.log1p(queues))
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.relu(h)


class SignalController(nn.Module):
    cfg: SignalConfig

    @nn.compact
    def __call__(self, queues, train=False):
        feats = QueueEncoder(self.cfg.hidden, name="encoder")(queues[None], train)
        return nn.Dense(self.cfg.phases, name="q_head")(feats)[0]


def make_policy(model, variables, cfg):
    q_values = functools.partial(model.apply, variables, train=cfg.online_adaptation)
    return lambda queues: jnp.argmax(q_values(queues))


class Intersection:
    service = jnp.array([[3.0, 0.0, 3.0, 0.0], [0.0, 3.0, 0.0, 3.0], [1.0, 1.0, 1.0, 1.0]])
    arrivals = jnp.array([0.8, 0.5, 0.9, 0.4])

    def __init__(self, policy, cfg):
        self.policy, self.cfg = policy, cfg

    def _cycle(self, state):
        t, queues, switches = state
        phase = self.policy(queues)
        queues = jnp.maximum(queues + self.arrivals - self.service[phase], 0.0)
        return t + 1, queues, switches + (phase != 2)

    def _busy(self, state):
        t, queues, _ = state
        return (t < self.cfg.max_cycles) & (queues.sum() > 0.5)

    def run(self, queues):
        return jax.lax.while_loop(self._busy, self._cycle, (0, queues, 0))


def main():
    cfg = SignalConfig()
    model = SignalController(cfg)
    queues = jnp.array([4.0, 2.0, 6.0, 1.0])
    variables = model.init(jax.random.key(0), queues)
    sim = Intersection(make_policy(model, variables, cfg), cfg)
    cycles, left, switches = sim.run(queues)
    print("cycles", int(cycles), "remaining", left, "switches", int(switches))
    return None
