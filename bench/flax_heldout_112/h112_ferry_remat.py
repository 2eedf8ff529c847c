# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the rollout module wraps its crossing cell in nn.remat and calls the wrapped cell inside a raw scan over departures in its own __call__
"""Ferry dispatch: queue lengths at two terminals over the departures of a day.

The crossing cell is rematerialised (nn.remat) because the planners roll out long
timetables; the rollout itself is a plain jax.lax.scan over departures."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class CrossingCell(nn.Module):
    capacity: float = 120.0

    @nn.compact
    def __call__(self, queues, arrivals):
        h = nn.tanh(nn.Dense(16)(jnp.concatenate([queues / self.capacity, arrivals], -1)))
        share = nn.sigmoid(nn.Dense(2)(h))  # fraction of the ferry given to each terminal's queue
        boarded = jnp.minimum(queues, share * self.capacity)
        queues = queues - boarded + arrivals * self.capacity
        return queues, boarded.sum(-1)


class TimetableRollout(nn.Module):
    @nn.compact
    def __call__(self, queues0, arrivals):
        cell = nn.remat(CrossingCell)()

        def departure(queues, arr):
            return cell(queues, arr)

        queues, boarded = lax.scan(departure, queues0, arrivals)
        return queues, boarded


class DispatchPlanner:
    def __init__(self, seed=0):
        self.model = TimetableRollout()
        self.seed = seed
        self.variables = None

    def fit_defaults(self, queues0, arrivals):
        self.variables = self.model.init(jax.random.key(self.seed), queues0, arrivals)

    def day_plan(self, queues0, arrivals):
        return self.model.apply(self.variables, queues0, arrivals)


def main():
    arrivals = jax.random.uniform(jax.random.key(0), (14, 3, 2), maxval=0.4)  # 14 departures, 3 routes
    queues0 = jnp.full((3, 2), 30.0)
    planner = DispatchPlanner()
    planner.fit_defaults(queues0, arrivals)
    queues, boarded = planner.day_plan(queues0, arrivals)
    float(boarded.sum())
    return None
