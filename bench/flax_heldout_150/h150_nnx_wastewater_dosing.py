# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the local dosing model of plan_shift goes straight into the scan body, which passes it to an @nnx.jit compiled dose() helper
"""Wastewater treatment: chemical dosing is planned for each interval of an operator shift."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class DosingModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.turbidity = nnx.Linear(3, 8, rngs=rngs)
        self.rate = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, sensors):
        return nnx.softplus(self.rate(nnx.relu(self.turbidity(sensors))))[0]


@nnx.jit
def dose(model, sensors):
    return model(sensors)


def plan_shift(sensor_log, seed=0):
    model = DosingModel(nnx.Rngs(seed))

    def interval(tank, sensors):
        coagulant = dose(model, sensors)
        tank = 0.9 * tank + coagulant
        return tank, coagulant

    return jax.lax.scan(interval, jnp.float32(0.0), sensor_log)


def main():
    sensor_log = jax.random.uniform(jax.random.key(4), (12, 3))
    tank, doses = plan_shift(sensor_log)
    doses.block_until_ready()
    return None
