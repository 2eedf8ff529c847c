# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the GuideService keeps a pool of Sessions holding nnx.split graphdef/state; the scan body nnx.merge's a session model and stores it back on the pooled Session, used after the loop
"""Museum audio guide: each visitor session adapts a small embedding of the visitor's taste as
they walk past exhibits; the service keeps a pool of live sessions to answer "what next"."""

from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import nnx


class TasteModel(nnx.Module):
    def __init__(self, n_feats: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(n_feats, 8, rngs=rngs)
        self.taste = nnx.Param(jnp.zeros((8,)))

    def __call__(self, exhibit):
        return jnp.dot(nnx.tanh(self.proj(exhibit)), self.taste)

    def adapt(self, exhibit, dwell):
        self.taste.value = 0.9 * self.taste.value + 0.1 * dwell * nnx.tanh(self.proj(exhibit))


@dataclass
class Session:
    graphdef: object
    state: object
    live: object = None
    history: list = field(default_factory=list)


class GuideService:
    def __init__(self, template: TasteModel):
        self.template = template
        self.pool: dict[str, Session] = {}

    def open(self, visitor: str):
        graphdef, state = nnx.split(nnx.clone(self.template))
        self.pool[visitor] = Session(graphdef, state)

    def replay_walk(self, visitor: str, exhibits, dwell):
        session = self.pool[visitor]

        def visit(state, xs):
            exhibit, seconds = xs
            model = nnx.merge(session.graphdef, state)
            model.adapt(exhibit, seconds)
            session.live = model
            return nnx.state(model), model(exhibit)

        session.state, scores = jax.lax.scan(visit, session.state, (exhibits, dwell))
        return scores

    def next_exhibit(self, visitor: str, candidates):
        model = self.pool[visitor].live
        return int(jnp.argmax(jax.vmap(model)(candidates)))


def main():
    service = GuideService(TasteModel(5, nnx.Rngs(0)))
    service.open("visitor-17")
    exhibits = jax.random.normal(jax.random.key(1), (6, 5))
    dwell = jnp.array([30.0, 5.0, 90.0, 12.0, 45.0, 8.0]) / 60.0
    service.replay_walk("visitor-17", exhibits, dwell)
    print(service.next_exhibit("visitor-17", jax.random.normal(jax.random.key(2), (4, 5))))
    return None
