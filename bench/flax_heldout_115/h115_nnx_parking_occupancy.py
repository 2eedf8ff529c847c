# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_occupancy_step() factory returns a step that merges the carried state and parks the merged model on a LiveModelCache; the service queries the cached model after the scan
"""Parking garage occupancy: replaying a day of gate counts through an occupancy model that tracks arrivals."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class ArrivalsSeen(nnx.Variable):
    pass


class OccupancyNet(nnx.Module):
    def __init__(self, levels: int, rngs: nnx.Rngs):
        self.gates = nnx.Linear(levels, 16, rngs=rngs)
        self.fill = nnx.Linear(16, levels, rngs=rngs)
        self.seen = ArrivalsSeen(jnp.zeros(()))

    def predict(self, counts):
        return nnx.sigmoid(self.fill(nnx.relu(self.gates(counts))))

    def __call__(self, counts):
        self.seen.value = self.seen.value + counts.sum()
        return self.predict(counts)


class LiveModelCache:
    def __init__(self, model):
        self.live_model = model


def make_occupancy_step(graphdef, cache):
    def step(state, counts):
        model = nnx.merge(graphdef, state)
        occupancy = model(counts)
        cache.live_model = model
        return nnx.state(model), occupancy.mean()

    return step


class GarageService:
    def __init__(self, model):
        self.graphdef, self.state = nnx.split(model)
        self.cache = LiveModelCache(model)
        self.step = make_occupancy_step(self.graphdef, self.cache)

    def replay(self, day_counts):
        self.state, occupancy = jax.lax.scan(self.step, self.state, day_counts)
        return occupancy

    def live_estimate(self, counts):
        return self.cache.live_model.predict(counts)


def main():
    day = jax.random.poisson(jax.random.key(0), 3.0, (24, 5)).astype(jnp.float32)  # hours, levels
    service = GarageService(OccupancyNet(5, rngs=nnx.Rngs(0)))
    occupancy = service.replay(day)
    now = service.live_estimate(day[-1])
    jax.block_until_ready((occupancy, now))
    return None
