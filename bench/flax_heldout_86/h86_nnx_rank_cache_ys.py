# label: ok
# flax-error: none
# class: 5 per-segment embeddings leave the scan as stacked ys and are written into the Python feature cache after the loop
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
        def body(n, feats):
            return n + 1, self.tower(feats)
        _, embs = jax.lax.scan(body, 0, segment_feats)
        for name, emb in zip(segments, embs):
            self.cache[name] = emb

    def rank(self, user, items):
        return jnp.argsort(-(items @ self.cache.get_or_raise(user)))


def main():
    ranker = Ranker()
    ranker.precompute(["new_users", "returning", "vip"], jax.random.normal(jax.random.PRNGKey(0), (3, 10)))
    ranker.rank("new_users", jnp.ones((5, 16))).block_until_ready()
    return None
