# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 FermentationService.simulate -> self.pool.checkout merges the model from the fori_loop carry and keeps the session; served after the loop
"""Brewery fermentation monitoring: a service holding a pool of per-tank model sessions.

Each tank gets a session (a merged copy of the specific-gravity model) that is recalibrated
online from the hydrometer readings. The service replays the fermentation log in a fori_loop and
later serves gravity predictions from the pooled session.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop


class GravityModel(nnx.Module):
    def __init__(self, features, *, rngs: nnx.Rngs):
        self.trend = nnx.Linear(features, 1, rngs=rngs)

    def __call__(self, x):
        return 1.050 - 0.01 * nnx.sigmoid(self.trend(x))[..., 0]


class SessionPool:
    def __init__(self):
        self.sessions = {}

    def checkout(self, tank, graphdef, state):
        session = nnx.merge(graphdef, state)
        self.sessions[tank] = session
        return session

    def get(self, tank):
        return self.sessions[tank]


class FermentationService:
    def __init__(self, model, tank="tank-3"):
        self.tank = tank
        self.graphdef, self.state = nnx.split(model)
        self.pool = SessionPool()

    def simulate(self, features, readings, rate=0.05):
        def day(i, state):
            session = self.pool.checkout(self.tank, self.graphdef, state)
            error = readings[i] - session(features[i])
            session.trend.bias[...] = session.trend.bias[...] - rate * error.mean()
            return nnx.state(session)

        self.state = fori_loop(0, features.shape[0], day, self.state)

    def predict(self, x):
        return self.pool.get(self.tank)(x)


def main():
    days = 7
    hours = jnp.arange(days, dtype=jnp.float32)
    features = jnp.stack([hours / days, jnp.exp(-hours / 3.0), jnp.ones_like(hours)], axis=-1)[:, None, :]
    readings = (1.050 - 0.004 * hours)[:, None]
    service = FermentationService(GravityModel(3, rngs=nnx.Rngs(0)))
    service.simulate(features, readings)
    gravity = service.predict(features[-1])
    jax.block_until_ready(gravity)
    return None
