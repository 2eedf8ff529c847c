# label: ok
# flax-error: none
# class: 5 jax.checkpoint wraps functools.partial(model.apply, method=regulate, mutable=["batch_stats"]) kept on the controller; batch_stats ride in the while_loop carry
"""Cheese cave humidity control: the regulator normalises rind-sensor readings with BatchNorm
and the controller keeps adjusting the misting valve until the cave settles."""
import dataclasses
import functools

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
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]
        self._regulate = jax.checkpoint(functools.partial(
            model.apply, method=HumidityRegulator.regulate, mutable=["batch_stats"]))

    def settle(self, readings):
        def cond(state):
            rounds, humidity, _ = state
            return (rounds < self.config.max_rounds) & (jnp.abs(humidity.mean() - self.config.target) > 1e-3)

        def body(state):
            rounds, humidity, batch_stats = state
            valve, updates = self._regulate(
                {"params": self.params, "batch_stats": batch_stats}, readings * humidity[:, None])
            return rounds + 1, 0.5 * humidity + 0.5 * valve, updates["batch_stats"]

        init = (0, jnp.full(readings.shape[0], 0.5), self.batch_stats)
        rounds, humidity, self.batch_stats = lax.while_loop(cond, body, init)
        return rounds, humidity

    def running_stats(self):
        return self.batch_stats


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
