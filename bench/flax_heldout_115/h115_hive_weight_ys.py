# label: ok
# flax-error: none
# class: 4 a hook registered under "step" in ApiaryRunner.callbacks runs model.apply(..., mutable=["intermediates"]) in the scan body; the sown values leave the loop as ys for the "end" hook
"""Beehive weight monitoring: hourly scale readings, with the colony-mass feature sown for a summary.

The step hook returns what was sown; it leaves the scan as ys and the end hook gets the stacked values.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class HiveMassModel(nn.Module):
    @nn.compact
    def __call__(self, reading):
        h = nn.Dense(8, name="scale_proj")(reading)
        self.sow("intermediates", "colony_mass", jnp.mean(h))
        return nn.Dense(1, name="nectar_flow")(nn.relu(h))[..., 0]


class HiveLogger:
    def __init__(self, model, params):
        self.model = model
        self.params = params
        self.report = None

    def on_step(self, reading):
        flow, sown = self.model.apply({"params": self.params}, reading, mutable=["intermediates"])
        return flow, sown["intermediates"]["colony_mass"][0]

    def on_end(self, masses):
        self.report = jnp.mean(masses)


class ApiaryRunner:
    def __init__(self):
        self.callbacks = {}

    def register(self, event, fn):
        self.callbacks.setdefault(event, []).append(fn)

    def fire(self, event, *args):
        return [fn(*args) for fn in self.callbacks.get(event, [])]

    def run(self, readings):
        def hour(weight, reading):
            flow, mass = self.fire("step", reading)[0]
            return weight + flow, mass

        weight, masses = scan(hour, jnp.zeros(()), readings)
        self.fire("end", masses)
        return weight


def main():
    readings = jax.random.normal(jax.random.key(0), (24, 4))  # hours, (scale, temp, humidity, sound)
    model = HiveMassModel()
    params = model.init(jax.random.key(1), readings[0])["params"]
    logger = HiveLogger(model, params)
    runner = ApiaryRunner()
    runner.register("step", logger.on_step)
    runner.register("end", logger.on_end)
    jax.block_until_ready((runner.run(readings), logger.report))
    return None
