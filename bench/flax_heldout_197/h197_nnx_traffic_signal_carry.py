# label: ok
# flax-error: none
# class: 5 make_phase_step() returns a step function that takes the signal policy from the while_loop state; the SignalController puts the policy in the loop state and writes it back with nnx.update
"""Adaptive traffic-signal control: the controller explores green-phase splits for one
intersection by running its stochastic policy for a number of cycles."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


@dataclass(frozen=True)
class SignalConfig:
    approaches: int = 4
    phases: int = 3
    cycles: int = 6


class PhasePolicy(nnx.Module):
    def __init__(self, cfg: SignalConfig, rngs: nnx.Rngs):
        self.queue_in = nnx.Linear(cfg.approaches, 16, rngs=rngs)
        self.explore = nnx.Dropout(0.4, rngs=rngs)
        self.split = nnx.Linear(16, cfg.phases, rngs=rngs)

    def __call__(self, queues):
        return jax.nn.softmax(self.split(self.explore(nnx.relu(self.queue_in(queues)))))


def make_phase_step(cfg: SignalConfig):
    def step(state):
        cycle, policy, queues, splits = state
        split = policy(queues)
        return cycle + 1, policy, queues, splits.at[cycle].set(split)
    return step


class SignalController:
    def __init__(self, cfg: SignalConfig, policy: PhasePolicy):
        self.cfg = cfg
        self.policy = policy
        self.step = make_phase_step(cfg)

    def explore_splits(self, queues):
        cfg = self.cfg
        init = (0, self.policy, queues, jnp.zeros((cfg.cycles, cfg.phases)))
        _, policy, _, splits = lax.while_loop(lambda s: s[0] < cfg.cycles, self.step, init)
        nnx.update(self.policy, nnx.state(policy))
        return splits


def main():
    cfg = SignalConfig()
    policy = PhasePolicy(cfg, nnx.Rngs(params=0, dropout=1))
    policy.train()
    queues = jnp.array([12.0, 3.0, 7.0, 1.0])
    return SignalController(cfg, policy).explore_splits(queues)
