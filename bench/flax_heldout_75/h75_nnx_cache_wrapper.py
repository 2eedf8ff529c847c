# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a caching mixin memoises the NNX user tower's embedding in a dict on the wrapper; the first call happens inside the fori_loop body and a later call outside gets the cached value
import jax
import jax.numpy as jnp
from flax import nnx


class EmbeddingCacheMixin:
    def cached(self, name, fn):
        cache = self.__dict__.setdefault("_embedding_cache", {})
        if name not in cache:
            cache[name] = fn()
        return cache[name]


class TwoTower(nnx.Module):
    def __init__(self, user_dim, item_dim, dim, *, rngs: nnx.Rngs):
        self.user_tower = nnx.Linear(user_dim, dim, rngs=rngs)
        self.item_tower = nnx.Linear(item_dim, dim, rngs=rngs)


class RecommenderService(EmbeddingCacheMixin):
    def __init__(self, model, user_features):
        self.model = model
        self.user_features = user_features

    def user_embedding(self):
        return self.cached("user", lambda: nnx.tanh(self.model.user_tower(self.user_features)))

    def best_per_shard(self, shards):
        def body(i, best):
            scores = self.model.item_tower(shards[i]) @ self.user_embedding()
            return best.at[i].set(jnp.argmax(scores))

        return jax.lax.fori_loop(0, shards.shape[0], body, jnp.zeros((shards.shape[0],), jnp.int32))

    def score_items(self, items):
        return self.model.item_tower(items) @ self.user_embedding()


def main():
    model = TwoTower(5, 7, 8, rngs=nnx.Rngs(0))
    service = RecommenderService(model, jax.random.normal(jax.random.key(1), (5,)))
    shards = jax.random.normal(jax.random.key(2), (3, 10, 7))
    service.best_per_shard(shards)
    service.score_items(shards[0])
    return None
