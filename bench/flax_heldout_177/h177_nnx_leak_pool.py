# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[10,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 SessionPool.monitor scans with the split state in the carry; Session.run merges it and keeps the merged model on self.live, which the pool's dashboard calls after the loop
"""Water-main leak detection: pressure transients from district metering areas are scored by a
leak detector whose normalisation statistics adapt as the stream goes on. A service keeps a pool
of sessions; the acquired session merges the carried state each step and keeps the warm model for
the operations dashboard."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class LeakDetector(nnx.Module):
    def __init__(self, sensors: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(sensors, 12, rngs=rngs)
        self.norm = nnx.BatchNorm(12, rngs=rngs)
        self.head = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, transients):
        return nnx.sigmoid(self.head(nnx.relu(self.norm(self.proj(transients)))))[..., 0]


class Session:
    def __init__(self, graphdef):
        self.graphdef = graphdef
        self.live = None

    def run(self, state, transients):
        model = nnx.merge(self.graphdef, state)
        score = model(transients).max()
        self.live = model
        return nnx.state(model), score


class SessionPool:
    def __init__(self, model, size):
        graphdef, self.state = nnx.split(model)
        self.sessions = [Session(graphdef) for _ in range(size)]

    def acquire(self, area):
        return self.sessions[area % len(self.sessions)]

    def monitor(self, area, stream):
        session = self.acquire(area)

        def body(state, transients):
            return session.run(state, transients)

        self.state, scores = lax.scan(body, self.state, stream)
        return scores

    def dashboard(self, area, transients):
        return self.acquire(area).live(transients)


def main():
    pool = SessionPool(LeakDetector(10, nnx.Rngs(0)), size=3)
    stream = jax.random.normal(jax.random.key(1), (5, 4, 10))
    pool.monitor(area=4, stream=stream)
    pool.dashboard(4, stream[-1]).block_until_ready()
    return None
