# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the recurrent cell is wrapped in nn.remat and the lifted, rematerialised submodule is called inside a raw fori_loop body
"""Vaccine cold-chain monitoring: a rematerialised recurrent cell summarises freezer readings over a shift."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class ThermalCell(nn.Module):
    hidden: int = 12

    @nn.compact
    def __call__(self, h, reading):
        z = jnp.concatenate([h, reading], -1)
        return jnp.tanh(nn.Dense(self.hidden)(z))


class FreezerMonitor(nn.Module):
    hidden: int = 12

    @nn.compact
    def __call__(self, readings):
        # readings: (time, freezers, sensors)
        cell = nn.remat(ThermalCell)(self.hidden)
        h = jnp.zeros((readings.shape[1], self.hidden))
        cell(h, readings[0])  # parameters exist before the loop

        def body(t, h):
            return cell(h, readings[t])

        h = lax.fori_loop(0, readings.shape[0], body, h)
        return nn.sigmoid(nn.Dense(1)(h))[..., 0]


class ExcursionAlarm:
    def __init__(self, model, variables, limit=0.7):
        self.model = model
        self.variables = variables
        self.limit = limit

    def check(self, readings):
        risk = self.model.apply(self.variables, readings)
        return jnp.nonzero(risk > self.limit, size=risk.shape[0], fill_value=-1)[0]


def main():
    readings = jax.random.normal(jax.random.key(5), (16, 4, 3))
    model = FreezerMonitor()
    variables = model.init(jax.random.key(0), readings)
    alarm = ExcursionAlarm(model, variables)
    print(alarm.check(readings))
    return None
