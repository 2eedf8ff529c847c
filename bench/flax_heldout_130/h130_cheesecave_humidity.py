# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[10] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 jax.checkpoint wraps the bound method bound.regulate (model.bind(..., mutable=["batch_stats"])) kept on the controller and called in the while_loop body
"""Cheese cave humidity control: the regulator normalises rind-sensor readings with BatchNorm
and the controller keeps adjusting the misting valve until the cave settles."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class CaveConfig:
    sensors: int = 6
    max_rounds: int = 5
    target: float = 0.85


class HumidityRegulator(nn.Module):
    sensors: int

    def setup(self):
        self.encode = nn.Dense(10)
        self.norm = nn.BatchNorm(use_running_average=False, momentum=0.8)
        self.valve = nn.Dense(1)

    def __call__(self, readings):
        return self.regulate(readings)

    def regulate(self, readings):
        h = nn.relu(self.norm(self.encode(readings)))
        return nn.sigmoid(self.valve(h))[..., 0]


class MistingController:
    def __init__(self, model, variables, config):
        self.config = config
        self.bound = model.bind(variables, mutable=["batch_stats"])
        self._regulate = jax.checkpoint(self.bound.regulate)

    def settle(self, readings):
        def cond(state):
            rounds, humidity = state
            return (rounds < self.config.max_rounds) & (jnp.abs(humidity.mean() - self.config.target) > 1e-3)

        def body(state):
            rounds, humidity = state
            valve = self._regulate(readings * humidity[:, None])
            return rounds + 1, 0.5 * humidity + 0.5 * valve

        return lax.while_loop(cond, body, (0, jnp.full(readings.shape[0], 0.5)))

    def running_stats(self):
        return self.bound.variables["batch_stats"]


def main():
    cfg = CaveConfig()
    model = HumidityRegulator(sensors=cfg.sensors)
    readings = jax.random.uniform(jax.random.key(3), (4, cfg.sensors))
    variables = model.init(jax.random.key(0), readings)
    controller = MistingController(model, variables, cfg)
    rounds, humidity = controller.settle(readings)
    spread = jax.tree.map(lambda v: float(jnp.std(v)), controller.running_stats())
    print(rounds, humidity, spread)
    return None
