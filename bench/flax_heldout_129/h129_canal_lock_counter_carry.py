# label: ok
# flax-error: none
# class: 4 controller.actuator.forward() calls a functools.partial(model.apply, mutable=['telemetry']) kept by the actuator; the telemetry collection travels in the while_loop state
"""Gate actuation for a canal lock: fill the chamber until the levels match.

The actuator wraps the gate network in a partial so the controller only passes water levels;
the network keeps a cycle counter for the maintenance log.
"""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class GateValveNet(nn.Module):
    @nn.compact
    def __call__(self, levels):
        cycles = self.variable("telemetry", "cycles", lambda: jnp.zeros((), jnp.int32))
        cycles.value = cycles.value + 1
        opening = nn.sigmoid(nn.Dense(1, name="valve")(levels))[..., 0]
        return opening


class Actuator:
    def __init__(self, model: GateValveNet, variables):
        self.params = variables["params"]
        self.telemetry = variables["telemetry"]
        self.apply_fn = functools.partial(model.apply, mutable=["telemetry"])

    def forward(self, levels, telemetry):
        opening, updates = self.apply_fn({"params": self.params, "telemetry": telemetry}, levels)
        return opening, updates["telemetry"]


class LockController:
    def __init__(self, actuator: Actuator, tolerance: float = 0.05, max_cycles: int = 40):
        self.actuator = actuator
        self.tolerance = tolerance
        self.max_cycles = max_cycles

    def equalise(self, chamber, upstream):
        def cond(state):
            chamber, n, _ = state
            return (jnp.abs(upstream - chamber) > self.tolerance) & (n < self.max_cycles)

        def body(state):
            chamber, n, telemetry = state
            levels = jnp.stack([chamber, upstream, upstream - chamber])
            opening, telemetry = self.actuator.forward(levels, telemetry)
            return chamber + 0.3 * opening * (upstream - chamber), n + 1, telemetry

        init = (chamber, jnp.zeros((), jnp.int32), self.actuator.telemetry)
        chamber, n, telemetry = lax.while_loop(cond, body, init)
        self.actuator.telemetry = telemetry
        return chamber, n


def main():
    model = GateValveNet()
    variables = model.init(jax.random.key(0), jnp.zeros(3))
    controller = LockController(Actuator(model, variables))
    chamber, n = controller.equalise(jnp.asarray(1.0), jnp.asarray(4.5))
    return None
