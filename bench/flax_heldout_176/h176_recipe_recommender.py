# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[20] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the service takes a session from its pool; the session holds the ranker bound with a mutable intermediates collection, and the scan body calls session.model.score, which sows
"""Recipe recommendation service.

Each request scores the recipes a user browsed step by step; the ranker sows its per-step
scores so that post-processing hooks (diversity, pantry coverage) can read them afterwards.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class RecipeRanker(nn.Module):
    recipes: int = 20
    hidden: int = 16

    def setup(self):
        self.user = nn.Dense(self.hidden)
        self.catalog = nn.Dense(self.recipes)

    def __call__(self, step_features):
        return self.score(step_features)

    def score(self, step_features):
        scores = self.catalog(nn.relu(self.user(step_features)))
        self.sow("intermediates", "scores", scores)
        return scores


class RankingSession:
    def __init__(self, module, variables):
        self.model = module.bind(variables, mutable=["intermediates"])

    def recorded_scores(self):
        return self.model.variables["intermediates"]["scores"]


class SessionPool:
    def __init__(self, module, variables, size):
        self._free = [RankingSession(module, variables) for _ in range(size)]

    def acquire(self):
        return self._free.pop()

    def release(self, session):
        self._free.append(session)


class DiversityHook:
    def __call__(self, scores):
        return jnp.std(jnp.stack(scores), axis=0).mean()


class RecommendationService:
    def __init__(self, pool, hooks):
        self.pool = pool
        self.hooks = hooks

    def recommend(self, browsing):
        session = self.pool.acquire()

        def body(best, step_features):
            scores = session.model.score(step_features)
            return jnp.maximum(best, scores), None

        best, _ = lax.scan(body, jnp.full((20,), -jnp.inf), browsing)
        reports = [hook(session.recorded_scores()) for hook in self.hooks]
        self.pool.release(session)
        return jnp.argsort(-best)[:5], reports


def main():
    ranker = RecipeRanker()
    browsing = jax.random.normal(jax.random.key(0), (6, 10))
    variables = ranker.init(jax.random.key(1), browsing[0])
    variables = {"params": variables["params"]}
    service = RecommendationService(SessionPool(ranker, variables, size=2), [DiversityHook()])
    top, reports = service.recommend(browsing)
    jax.block_until_ready(reports)
    return None
