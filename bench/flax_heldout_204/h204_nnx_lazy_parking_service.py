# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[7,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 ParkingOccupancyService.model, an NNX module the service builds on first predict(), which first happens inside the fori_loop body
"""Parking-garage occupancy service: predicts per-level occupancy an hour ahead. The model
is built lazily on first use (so the service starts fast and learns its input width from
the first request); the what-if simulator then rolls the garage forward hour by hour."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class OccupancyNet(nnx.Module):
    def __init__(self, n_in: int, n_levels: int, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_in, 16, rngs=rngs)
        self.out = nnx.Linear(16, n_levels, rngs=rngs)

    def __call__(self, x):
        return jax.nn.sigmoid(self.out(nnx.tanh(self.hidden(x))))


class ParkingOccupancyService:
    def __init__(self, n_levels: int, seed: int = 0):
        self.n_levels = n_levels
        self.seed = seed
        self.model = None

    def predict(self, features):
        if self.model is None:
            self.model = OccupancyNet(features.shape[-1], self.n_levels, rngs=nnx.Rngs(self.seed))
        return self.model(features)


class WhatIfSimulator:
    def __init__(self, service: ParkingOccupancyService, hours: int):
        self.service = service
        self.hours = hours

    def run(self, arrivals):
        def hour(h, occupancy):
            features = jnp.concatenate([occupancy, arrivals[h]])
            return self.service.predict(features)

        start = jnp.zeros((self.service.n_levels,))
        return lax.fori_loop(0, self.hours, hour, start)


def main():
    service = ParkingOccupancyService(n_levels=4)
    arrivals = jax.random.uniform(jax.random.key(4), (12, 3))
    final = WhatIfSimulator(service, hours=12).run(arrivals)
    live = service.predict(jnp.concatenate([final, arrivals[0]]))
    print(final, live)
    return None
