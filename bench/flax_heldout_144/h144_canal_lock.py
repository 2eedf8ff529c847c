# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "last_level" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 LockController.current, a phase object of a state machine holding model.bind(variables), whose estimate() caches the level in the scan body
"""Canal lock chamber controller.

The controller is a small state machine (filling, draining); each phase object holds the bound
level estimator and the scan replays the gauge readings of one lock cycle."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class LevelNet(nn.Module):
    hidden: int = 10

    @nn.compact
    def __call__(self, gauges):
        h = nn.softplus(nn.Dense(self.hidden)(gauges))
        return nn.Dense(1)(h).squeeze(-1)

    def estimate(self, gauges, remember: bool = True):
        level = self(gauges)
        if remember:
            self.put_variable("cache", "last_level", level)
        return level


class LockPhase:
    name = "idle"
    sluice = 0.0

    def __init__(self, bound):
        self.bound = bound

    def estimate(self, gauges, remember: bool = True):
        return self.bound.estimate(gauges, remember=remember)


class Filling(LockPhase):
    name, sluice = "filling", 1.0


class Draining(LockPhase):
    name, sluice = "draining", -1.0


class LockController:
    def __init__(self, model, variables):
        bound = model.bind(variables)
        self.states = {cls.name: cls(bound) for cls in (Filling, Draining)}
        self.current = self.states["filling"]

    def transition(self, name):
        self.current = self.states[name]

    def run_cycle(self, gauge_trace):
        phase = self.current

        def body(level, gauges):
            estimate = phase.estimate(gauges + phase.sluice * level)
            return estimate, estimate

        final, levels = scan(body, jnp.float32(0.0), gauge_trace)
        return final, levels


def main():
    model = LevelNet()
    trace = jax.random.normal(jax.random.key(6), (8, 4))
    variables = model.init(jax.random.key(0), trace[0])
    controller = LockController(model, variables)
    controller.transition("draining")
    jax.block_until_ready(controller.run_cycle(trace))
    return None
