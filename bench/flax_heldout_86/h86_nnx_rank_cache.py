# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the scan body writes per-segment embeddings from the NNX tower into the ranking service's Python feature cache, read by a later request
"""E-commerce ranking service (NNX): precomputes user embeddings into a feature cache, then ranks candidates."""
import jax
import jax.numpy as jnp
from flax import nnx


class UserTower(nnx.Module):
    def __init__(self, d_in, d_out, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(d_in, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, d_out, rngs=rngs)
        self.norm = nnx.LayerNorm(d_out, rngs=rngs)

    def __call__(self, x):
        return self.norm(self.l2(nnx.relu(self.l1(x))))


class FeatureCache(dict):
    def get_or_raise(self, user):
        if user not in self:
            raise KeyError(user)
        return self[user]


class Ranker:
    def __init__(self):
        self.tower = UserTower(10, 16, nnx.Rngs(0))
        self.tower.eval()
        self.cache = FeatureCache()

    def precompute(self, segments, segment_feats):
        cursor = iter(segments)

        def body(n, feats):
            self.cache[next(cursor)] = self.tower(feats)
            return n + 1, None
        jax.lax.scan(body, 0, segment_feats)

    def rank(self, user, items):
        return jnp.argsort(-(items @ self.cache.get_or_raise(user)))


def main():
    ranker = Ranker()
    ranker.precompute(["new_users", "returning", "vip"], jax.random.normal(jax.random.PRNGKey(0), (3, 10)))
    ranker.rank("new_users", jnp.ones((5, 16))).block_until_ready()
    return None
