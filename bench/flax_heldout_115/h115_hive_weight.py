# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a hook registered under "step" in ApiaryRunner.callbacks calls HiveLogger.bound (model.bind(..., mutable=["intermediates"])) in the scan body; the "end" hook reads the sown values
"""Beehive weight monitoring: hourly scale readings, with the colony-mass feature sown for a summary."""
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
        self.bound = model.bind({"params": params}, mutable=["intermediates"])
        self.report = None

    def on_step(self, reading):
        return self.bound(reading)

    def on_end(self):
        masses = self.bound.variables["intermediates"]["colony_mass"]
        self.report = jnp.mean(jnp.stack(masses))


class ApiaryRunner:
    def __init__(self):
        self.callbacks = {}

    def register(self, event, fn):
        self.callbacks.setdefault(event, []).append(fn)

    def fire(self, event, *args):
        return [fn(*args) for fn in self.callbacks.get(event, [])]

    def run(self, readings):
        def hour(weight, reading):
            flow = self.fire("step", reading)[0]
            return weight + flow, flow

        weight, _ = scan(hour, jnp.zeros(()), readings)
        self.fire("end")
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
