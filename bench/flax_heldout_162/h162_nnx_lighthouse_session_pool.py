# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 LighthouseService takes a Session from its SessionPool; the scan body merges the carried state through session.materialize, which caches the merged model on the session, and the service later serves from that cached model
"""Lighthouse beam control service: a pool of sessions serves a beam-intensity
model; a sweep rolls the model over bearings before answering requests."""
import jax
import jax.numpy as jnp
from flax import nnx


class BeamModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.bearing = nnx.Linear(2, 8, rngs=rngs)
        self.intensity = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, bearing):
        return nnx.sigmoid(self.intensity(jnp.tanh(self.bearing(bearing))))[..., 0]


class Session:
    def __init__(self, graphdef, state):
        self.graphdef = graphdef
        self.state = state
        self.model = None

    def materialize(self, state):
        self.model = nnx.merge(self.graphdef, state)
        return self.model


class SessionPool:
    def __init__(self, model, size):
        graphdef, state = nnx.split(model)
        self.sessions = [Session(graphdef, state) for _ in range(size)]

    def acquire(self, request_id):
        return self.sessions[request_id % len(self.sessions)]


class LighthouseService:
    def __init__(self, pool: SessionPool):
        self.pool = pool

    def sweep(self, request_id, bearings):
        session = self.pool.acquire(request_id)

        def step(state, bearing):
            model = session.materialize(state)
            level = model(bearing)
            _, state = nnx.split(model)
            return state, level.mean()

        state, levels = jax.lax.scan(step, session.state, bearings)
        session.state = state
        return levels

    def beam(self, request_id, bearing):
        return self.pool.acquire(request_id).model(bearing)


def main():
    angles = jnp.linspace(0.0, 2 * jnp.pi, 12)
    bearings = jnp.stack([jnp.cos(angles), jnp.sin(angles)], axis=-1)[:, None, :]
    service = LighthouseService(SessionPool(BeamModel(nnx.Rngs(0)), size=2))
    service.sweep(4, bearings)
    service.beam(4, bearings[0]).block_until_ready()
    return None
