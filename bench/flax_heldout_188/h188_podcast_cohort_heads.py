# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the recommender's own __call__ runs lax.scan and its setup-defined encoder and per-cohort heads are first called (so created at init) inside the body
"""Podcast recommendations: a shared listener encoder plus one personalised head per listener
cohort; the recommender walks a listening session episode by episode."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class SessionRecommender(nn.Module):
    cohorts: int = 3
    state_size: int = 16
    catalogue: int = 8

    def setup(self):
        self.encoder = nn.Dense(self.state_size)
        self.heads = [nn.Dense(self.catalogue, name=f"cohort_head_{c}") for c in range(self.cohorts)]

    def __call__(self, episodes, cohort: int):
        def listen(state, episode):
            state = jnp.tanh(self.encoder(episode) + state)
            return state, self.heads[cohort](state)

        _, scores = scan(listen, jnp.zeros(self.state_size), episodes)
        return scores


class RecommenderService:
    def __init__(self, seed: int = 0):
        self.model = SessionRecommender()
        self.variables = None
        self.seed = seed

    def warm_start(self, example_session):
        self.variables = self.model.init(jax.random.key(self.seed), example_session, 0)

    def recommend(self, session, cohort):
        scores = self.model.apply(self.variables, session, cohort)
        return jnp.argsort(-scores[-1])[:3]


def main():
    service = RecommenderService()
    session = jax.random.normal(jax.random.key(4), (7, 5))
    service.warm_start(session)
    service.recommend(session, 0)
    return None
