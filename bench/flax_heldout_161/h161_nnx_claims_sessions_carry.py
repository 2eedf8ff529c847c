# label: ok
# flax-error: none
# class: 4 TriageService.pool -> Session holds graphdef/state; the state rides in the scan carry and the module is merged and cached on the Session after the loop
"""Insurance claims triage service: a pool of model sessions that are warmed up on a replay of recent
traffic before the service starts answering requests."""
import jax
import jax.numpy as jnp
from flax import nnx


class ClaimsTriage(nnx.Module):
    def __init__(self, features: int, queues: int, rngs: nnx.Rngs):
        self.body = nnx.Linear(features, 24, rngs=rngs)
        self.norm = nnx.LayerNorm(24, rngs=rngs)
        self.route = nnx.Linear(24, queues, rngs=rngs)

    def __call__(self, claims):
        return self.route(nnx.gelu(self.norm(self.body(claims))))


class Session:
    def __init__(self, graphdef, state):
        self.graphdef = graphdef
        self.state = state
        self.model = None


class SessionPool:
    def __init__(self, model: nnx.Module, size: int):
        graphdef, state = nnx.split(model)
        self.sessions = [Session(graphdef, state) for _ in range(size)]

    def acquire(self, request_id: int) -> Session:
        return self.sessions[request_id % len(self.sessions)]


class TriageService:
    def __init__(self, pool: SessionPool):
        self.pool = pool

    def warm_up(self, replay):
        session = self.pool.acquire(0)

        def body(state, claims):
            model = nnx.merge(session.graphdef, state)
            return nnx.state(model), jnp.argmax(model(claims), axis=-1)

        session.state, routes = jax.lax.scan(body, session.state, replay)
        session.model = nnx.merge(session.graphdef, session.state)
        return routes

    def route(self, request_id: int, claims):
        session = self.pool.acquire(request_id)
        return jnp.argmax(session.model(claims), axis=-1)


def main():
    replay = jax.random.normal(jax.random.key(13), (5, 8, 14))
    service = TriageService(SessionPool(ClaimsTriage(14, 4, nnx.Rngs(0)), size=2))
    service.warm_up(replay)
    service.route(0, replay[0])
    return None
