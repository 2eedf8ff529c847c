# label: ok
# flax-error: none
# class: 5 a policy factory from a decorator registry returns a step function closing over model.apply; the gate_state collection travels in the while_loop carry
"""Dam spillway operations: gate-opening policies are registered by name and built on demand.

The operator drains the reservoir to the target level with a while_loop and then reports the
smoothed gate state the policy kept.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

POLICIES = {}


def register_policy(name):
    def decorator(factory):
        POLICIES[name] = factory
        return factory
    return decorator


class GateModel(nn.Module):
    gates: int = 4

    @nn.compact
    def __call__(self, features):
        smoothed = self.variable("gate_state", "smoothed", jnp.zeros, (self.gates,))
        opening = nn.sigmoid(nn.Dense(self.gates)(features) + smoothed.value)
        if self.is_mutable_collection("gate_state"):
            smoothed.value = 0.8 * smoothed.value + 0.2 * opening
        return opening


@register_policy("adaptive")
def make_adaptive_policy(model, variables):
    params = variables["params"]

    def step(gate_state, level, inflow):
        features = jnp.stack([level, inflow, level - inflow, jnp.ones(())])
        opening, updates = model.apply(
            {"params": params, "gate_state": gate_state}, features, mutable=["gate_state"])
        return updates["gate_state"], level + 0.01 * inflow - 0.02 * jnp.sum(opening), opening

    return step, variables["gate_state"]


@dataclasses.dataclass(frozen=True)
class OperatorConfig:
    policy: str = "adaptive"
    target_level: float = 0.5
    max_hours: int = 200


class SpillwayOperator:
    def __init__(self, cfg, model, variables):
        self.cfg = cfg
        self.step, self.gate_state = POLICIES[cfg.policy](model, variables)

    def drain(self, level, inflow):
        def cond(state):
            hour, level, _ = state
            return (level > self.cfg.target_level) & (hour < self.cfg.max_hours)

        def body(state):
            hour, level, gate_state = state
            gate_state, level, _ = self.step(gate_state, level, inflow)
            return hour + 1, level, gate_state

        hours, level, self.gate_state = lax.while_loop(cond, body, (jnp.int32(0), level, self.gate_state))
        return {"hours": hours, "level": level, "mean_gate": jnp.mean(self.gate_state["smoothed"])}


def main():
    model = GateModel()
    variables = model.init(jax.random.key(0), jnp.zeros(4))
    operator = SpillwayOperator(OperatorConfig(), model, variables)
    report = operator.drain(jnp.float32(3.0), jnp.float32(0.4))
    jax.block_until_ready(report)
    return None
