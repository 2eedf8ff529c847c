# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'EtaModel' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the while_loop body calls the service's self.model, whose __call__ stores the stop embedding on a plain nnx.data attribute of the module
"""Parcel delivery ETA: the courier service re-estimates the ETA of every remaining stop of a
route; the model keeps the last stop embedding on itself so the dispatcher UI can show it."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class EtaModel(nnx.Module):
    def __init__(self, stop_features: int, rngs: nnx.Rngs):
        self.encode = nnx.Linear(stop_features, 16, rngs=rngs)
        self.minutes = nnx.Linear(16, 1, rngs=rngs)
        self.last_stop_embedding = nnx.data(None)

    def __call__(self, stop):
        h = nnx.relu(self.encode(stop))
        self.last_stop_embedding = h
        return nnx.softplus(self.minutes(h))[0]


class CourierEtaService:
    def __init__(self, model: EtaModel):
        self.model = model

    def route_etas(self, stops):
        def remaining(state):
            return state[0] < stops.shape[0]

        def next_stop(state):
            i, elapsed, etas = state
            elapsed = elapsed + self.model(stops[i])
            return i + 1, elapsed, etas.at[i].set(elapsed)

        start = (0, jnp.zeros(()), jnp.zeros(stops.shape[0]))
        _, _, etas = lax.while_loop(remaining, next_stop, start)
        return etas


def main():
    service = CourierEtaService(EtaModel(stop_features=7, rngs=nnx.Rngs(0)))
    stops = jax.random.uniform(jax.random.key(17), (9, 7))
    service.route_etas(stops)
    return None
