# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 OccupancyService -> SessionPool.open merges the carried state and caches the live session module in pool._live inside the scan body; the service reuses the cached session after the loop
"""Parking garage occupancy service: one recurrent forecasting session per garage."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class OccupancyMemory(nnx.Variable):
    """Recurrent state of a garage session; not trained."""


class GarageForecaster(nnx.Module):
    def __init__(self, n_sensors, rngs: nnx.Rngs):
        self.encode = nnx.Linear(n_sensors, 8, rngs=rngs)
        self.decode = nnx.Linear(8, 1, rngs=rngs)
        self.memory = OccupancyMemory(jnp.zeros(8))

    def step(self, counts):
        h = jnp.tanh(self.encode(counts) + 0.5 * self.memory[...])
        self.memory[...] = h
        return nnx.sigmoid(self.decode(h))[0]  # occupied fraction in 15 minutes


class SessionPool:
    def __init__(self, template):
        self.graphdef, self.initial = nnx.split(template)
        self._live = {}

    def open(self, garage, state):
        session = nnx.merge(self.graphdef, state)
        self._live[garage] = session
        return session

    def live(self, garage):
        return self._live[garage]


class OccupancyService:
    def __init__(self, pool):
        self.pool = pool

    def replay(self, garage, sensor_counts):
        def tick(state, counts):
            session = self.pool.open(garage, state)
            occupancy = session.step(counts)
            return nnx.state(session), occupancy

        state, occupancy = lax.scan(tick, self.pool.initial, sensor_counts)
        return occupancy

    def next_quarter_hour(self, garage, counts):
        return self.pool.live(garage).step(counts)


def main():
    pool = SessionPool(GarageForecaster(n_sensors=5, rngs=nnx.Rngs(0)))
    service = OccupancyService(pool)
    counts = jax.random.poisson(jax.random.key(1), 3.0, (16, 5)).astype(jnp.float32)
    occupancy = service.replay("garage-north", counts)
    upcoming = service.next_quarter_hour("garage-north", counts[-1])
    assert occupancy.shape == (16,)
    return None
