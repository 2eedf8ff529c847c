# label: ok
# flax-error: none
# class: 4 Corridor.run -> self.controller (IntersectionController) -> .policy (PhasePolicy holding module + params) applied in the lax.scan body, queue_state carried
"""Adaptive signal control for an arterial corridor.

The phase scorer keeps an exponential moving average of approach queues in its own
`queue_state` collection. The corridor simulator steps one intersection through a
cycle of detector readings; the queue_state collection travels in the scan carry and
comes back from `apply(..., mutable=...)` at every tick.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class SignalConfig:
    n_approaches: int = 4
    hidden: int = 16
    ema_decay: float = 0.8
    discharge_per_tick: float = 2.0


class PhaseScorer(nn.Module):
    cfg: SignalConfig

    @nn.compact
    def __call__(self, queues):
        ema = self.variable("queue_state", "ema", jnp.zeros, (self.cfg.n_approaches,))
        if not self.is_initializing():
            d = self.cfg.ema_decay
            ema.value = d * ema.value + (1.0 - d) * queues
        h = nn.relu(nn.Dense(self.cfg.hidden)(jnp.concatenate([queues, ema.value])))
        return nn.Dense(self.cfg.n_approaches)(h)


class PhasePolicy:
    """Wraps a trained scorer; the running state is passed in and handed back."""

    def __init__(self, module, variables):
        self.module = module
        self.params = variables["params"]
        self.initial_state = variables["queue_state"]

    def choose(self, queues, queue_state):
        logits, updates = self.module.apply(
            {"params": self.params, "queue_state": queue_state}, queues, mutable=["queue_state"]
        )
        return jnp.argmax(logits), updates["queue_state"]


class IntersectionController:
    def __init__(self, policy, cfg):
        self.policy = policy
        self.cfg = cfg

    def act(self, queues, queue_state):
        return self.policy.choose(queues, queue_state)


class Corridor:
    def __init__(self, controller, cfg):
        self.controller = controller
        self.cfg = cfg

    def run(self, arrivals):
        def tick(carry, arrival):
            queues, queue_state = carry
            phase, queue_state = self.controller.act(queues, queue_state)
            served = jax.nn.one_hot(phase, self.cfg.n_approaches) * self.cfg.discharge_per_tick
            queues = jnp.maximum(queues + arrival - served, 0.0)
            return (queues, queue_state), phase

        carry0 = (jnp.zeros((self.cfg.n_approaches,)), self.controller.policy.initial_state)
        return lax.scan(tick, carry0, arrivals)


def main():
    cfg = SignalConfig()
    scorer = PhaseScorer(cfg)
    variables = scorer.init(jax.random.PRNGKey(0), jnp.zeros((cfg.n_approaches,)))
    corridor = Corridor(IntersectionController(PhasePolicy(scorer, variables), cfg), cfg)
    arrivals = jax.random.poisson(jax.random.PRNGKey(1), 1.0, (24, cfg.n_approaches)).astype(jnp.float32)
    (final_queues, queue_state), phases = corridor.run(arrivals)
    jax.block_until_ready(final_queues)
    return None
