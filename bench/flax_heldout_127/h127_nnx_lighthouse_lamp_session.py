# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a LampService's while_loop body merges the state of sessions[name].model and stores the merged model back on that LampSession
"""Lighthouse lamp health service: burns in a lamp-degradation model on a night of photometer readings."""
import flax.nnx as nnx
import jax
import jax.numpy as jnp
from jax import lax


class BurnHours(nnx.Variable):
    pass


class LampModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.decay = nnx.Linear(3, 1, rngs=rngs)
        self.hours = BurnHours(jnp.zeros(()))

    def __call__(self, reading):
        self.hours.value += 1.0
        return self.predict(reading)

    def predict(self, reading):
        return nnx.sigmoid(self.decay(reading))[0]


class LampSession:
    def __init__(self, model):
        self.model = model


class LampService:
    def __init__(self, names, seed=0):
        self.sessions = {n: LampSession(LampModel(nnx.Rngs(seed))) for n in names}

    def current(self, name):
        return self.sessions[name].model

    def burn_in(self, name, readings, floor=0.2):
        graphdef, state = nnx.split(self.sessions[name].model)

        def lit(carry):
            i, health, _ = carry
            return (i < readings.shape[0]) & (health > floor)

        def hour(carry):
            i, _, state = carry
            lamp = nnx.merge(graphdef, state)
            health = lamp(readings[i])
            self.sessions[name].model = lamp  # keep the freshest model for callers
            return i + 1, health, nnx.state(lamp)

        return lax.while_loop(lit, hour, (jnp.int32(0), jnp.float32(1.0), state))


def main():
    service = LampService(["north-pier", "south-head"])
    readings = jax.random.normal(jax.random.key(1), (16, 3))
    service.burn_in("north-pier", readings)
    service.current("north-pier").predict(readings[0])
    return None
