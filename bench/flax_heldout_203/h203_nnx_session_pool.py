# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a SnapshotHook writes nnx.state of the model merged inside the scan body into session.snapshot; the SequencingService later updates the pooled session's model from it
"""Air-traffic arrival sequencing service: each airport session keeps a delay model whose
normalisation statistics adapt to the arrival streams it replays."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class DelayModel(nnx.Module):
    def __init__(self, features, rngs: nnx.Rngs):
        self.proj = nnx.Linear(features, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, momentum=0.8, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, flights):
        return self.head(nnx.relu(self.norm(self.proj(flights)))).squeeze(-1)


class AirportSession:
    def __init__(self, code, model):
        self.code = code
        self.model = model
        self.snapshot = None


class SnapshotHook:
    def after_step(self, session, model):
        session.snapshot = nnx.state(model)


class SequencingService:
    def __init__(self, hooks):
        self.sessions = {}
        self.hooks = hooks

    def add(self, code, features, seed):
        self.sessions[code] = AirportSession(code, DelayModel(features, nnx.Rngs(seed)))

    def replay(self, code, streams):
        session = self.sessions[code]
        graphdef, state = nnx.split(session.model)

        def wave(state, flights):
            model = nnx.merge(graphdef, state)
            delays = model(flights)
            for hook in self.hooks:
                hook.after_step(session, model)
            return nnx.state(model), jnp.argsort(delays)

        _, orders = lax.scan(wave, state, streams)
        nnx.update(session.model, session.snapshot)
        return orders

    def sequence(self, code, flights):
        session = self.sessions[code]
        session.model.eval()
        return jnp.argsort(session.model(flights))


def main():
    service = SequencingService(hooks=[SnapshotHook()])
    service.add("EGLL", features=5, seed=0)
    streams = jax.random.normal(jax.random.key(1), (6, 12, 5))
    service.replay("EGLL", streams)
    order = service.sequence("EGLL", streams[0])
    print("landing order", order)
    return None
