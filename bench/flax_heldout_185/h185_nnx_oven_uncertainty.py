# label: same-values
# flax-error: none
# class: 5 make_mc_step(graphdef) returns a jax.checkpoint-wrapped step that merges the state it is given; the scan body calls it with the OvenAdvisor's self.state every pass, so the dropout RngCount it advances is dropped
"""Monte-Carlo-dropout uncertainty for a bakery oven advisor: how sure is the suggested heater power?"""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

ZONES = 4


class OvenPolicy(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.body = nnx.Linear(2 * ZONES, 32, rngs=rngs)
        self.dropout = nnx.Dropout(0.3, rngs=rngs)
        self.power = nnx.Linear(32, ZONES, rngs=rngs)

    def __call__(self, setpoint, measured):
        h = nnx.relu(self.body(jnp.concatenate([setpoint, measured])))
        return nnx.sigmoid(self.power(self.dropout(h)))


def make_mc_step(graphdef):
    @jax.checkpoint
    def step(state, setpoint, measured):
        policy = nnx.merge(graphdef, state)
        return policy(setpoint, measured)

    return step


@dataclasses.dataclass
class OvenAdvisor:
    policy: OvenPolicy
    passes: int = 6

    def __post_init__(self):
        self.graphdef, self.state = nnx.split(self.policy)
        self.step = make_mc_step(self.graphdef)

    def power_samples(self, setpoint, measured):
        def one_pass(carry, _):
            return carry, self.step(self.state, setpoint, measured)

        _, samples = lax.scan(one_pass, 0, None, length=self.passes)
        return samples


def main():
    advisor = OvenAdvisor(OvenPolicy(rngs=nnx.Rngs(params=0, dropout=5)))
    setpoint = jnp.full((ZONES,), 0.8)  # 220 C, normalised
    measured = jnp.array([0.6, 0.65, 0.7, 0.62])
    return advisor.power_samples(setpoint, measured)
