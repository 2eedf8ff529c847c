# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the PersonalizationService's scan body merges the tenant's carried ranker state and puts the merged module into the service's evicting ModelCache; a later request calls the cached module
"""Per-tenant podcast ad-slot ranker, personalised online and kept in an evicting cache.

The service splits the base ranker once, adapts it to a tenant's click log with a few
SGD steps in a scan, and keeps the personalised modules in a small cache with
least-recently-used eviction so that hot tenants are served without re-merging.
"""
from collections import OrderedDict

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class SlotRanker(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.score = nnx.Linear(features, 1, rngs=rngs)

    def __call__(self, slots):
        return self.score(slots).squeeze(-1)


class ModelCache:
    def __init__(self, capacity: int):
        self.capacity = capacity
        self._models: OrderedDict = OrderedDict()

    def put(self, key, model) -> None:
        self._models[key] = model
        self._models.move_to_end(key)
        if len(self._models) > self.capacity:
            self._models.popitem(last=False)

    def get(self, key):
        self._models.move_to_end(key)
        return self._models[key]


def click_loss(model, batch):
    slots, clicks = batch
    return jnp.mean((jax.nn.sigmoid(model(slots)) - clicks) ** 2)


class PersonalizationService:
    def __init__(self, base: SlotRanker, cache: ModelCache, lr: float = 0.5):
        self.graphdef, self.base_state = nnx.split(base)
        self.cache = cache
        self.lr = lr

    def personalize(self, tenant: str, click_log):
        def body(state, batch):
            model = nnx.merge(self.graphdef, state)
            grads = nnx.grad(click_loss)(model, batch)
            params = nnx.state(model, nnx.Param)
            nnx.update(model, jax.tree.map(lambda p, g: p - self.lr * g, params, grads))
            self.cache.put(tenant, model)
            return nnx.state(model), None

        scan(body, self.base_state, click_log)

    def rank(self, tenant: str, slots):
        return jnp.argsort(-self.cache.get(tenant)(slots))


def main():
    service = PersonalizationService(SlotRanker(5, nnx.Rngs(0)), ModelCache(capacity=2))
    slots = jax.random.normal(jax.random.key(1), (4, 6, 5))
    clicks = jax.random.bernoulli(jax.random.key(2), 0.4, (4, 6)).astype(jnp.float32)
    service.personalize("tenant-omega", (slots, clicks))
    service.rank("tenant-omega", slots[0])
    return None
