# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a policy factory from a decorator registry returns a step function closing over model.bind(variables, mutable=["gate_state"]), which the while_loop body calls
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
    session = model.bind(variables, mutable=["gate_state"])

    def step(level, inflow):
        features = jnp.stack([level, inflow, level - inflow, jnp.ones(())])
        opening = session(features)
        return level + 0.01 * inflow - 0.02 * jnp.sum(opening), opening

    return step, session


@dataclasses.dataclass(frozen=True)
class OperatorConfig:
    policy: str = "adaptive"
    target_level: float = 0.5
    max_hours: int = 200


class SpillwayOperator:
    def __init__(self, cfg, model, variables):
        self.cfg = cfg
        self.step, self.session = POLICIES[cfg.policy](model, variables)

    def drain(self, level, inflow):
        def cond(state):
            hour, level = state
            return (level > self.cfg.target_level) & (hour < self.cfg.max_hours)

        def body(state):
            hour, level = state
            level, _ = self.step(level, inflow)
            return hour + 1, level

        hours, level = lax.while_loop(cond, body, (jnp.int32(0), level))
        gate_state = self.session.variables["gate_state"]["smoothed"]
        return {"hours": hours, "level": level, "mean_gate": jnp.mean(gate_state)}


def main():
    model = GateModel()
    variables = model.init(jax.random.key(0), jnp.zeros(4))
    operator = SpillwayOperator(OperatorConfig(), model, variables)
    report = operator.drain(jnp.float32(3.0), jnp.float32(0.4))
    jax.block_until_ready(report)
    return None
