# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cycles" in "/" because collection "telemetry" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 controller.actuator.forward() calls a functools.partial(model.apply, variables) kept by the actuator; the model counts gate cycles in its 'telemetry' collection inside the while_loop body
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
        self.apply_fn = functools.partial(model.apply, variables)

    def forward(self, levels):
        return self.apply_fn(levels)


class LockController:
    def __init__(self, actuator: Actuator, tolerance: float = 0.05, max_cycles: int = 40):
        self.actuator = actuator
        self.tolerance = tolerance
        self.max_cycles = max_cycles

    def equalise(self, chamber, upstream):
        def cond(state):
            chamber, n = state
            return (jnp.abs(upstream - chamber) > self.tolerance) & (n < self.max_cycles)

        def body(state):
            chamber, n = state
            levels = jnp.stack([chamber, upstream, upstream - chamber])
            opening = self.actuator.forward(levels)
            return chamber + 0.3 * opening * (upstream - chamber), n + 1

        return lax.while_loop(cond, body, (chamber, jnp.zeros((), jnp.int32)))


def main():
    model = GateValveNet()
    variables = model.init(jax.random.key(0), jnp.zeros(3))
    controller = LockController(Actuator(model, variables))
    chamber, n = controller.equalise(jnp.asarray(1.0), jnp.asarray(4.5))
    return None
