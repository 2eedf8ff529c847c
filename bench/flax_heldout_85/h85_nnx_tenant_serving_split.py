# label: ok
# flax-error: none
# class: 3 the router splits tenant.model's KVCache state out with nnx.split, carries it through the fori_loop, merges inside and nnx.update's after
"""Multi-tenant serving: each tenant owns an NNX decoder with its own running cache."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class KVCache(nnx.Variable):
    pass


class TenantDecoder(nnx.Module):
    def __init__(self, vocab, dim, *, rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.cell = nnx.Linear(2 * dim, dim, rngs=rngs)
        self.out = nnx.Linear(dim, vocab, rngs=rngs)
        self.cache = KVCache(jnp.zeros((dim,)))

    def decode_step(self, token):
        h = nnx.tanh(self.cell(jnp.concatenate([self.embed(token), self.cache.value])))
        self.cache.value = h
        return self.out(h)


class Tenant:
    def __init__(self, name, seed):
        self.name = name
        self.model = TenantDecoder(20, 8, rngs=nnx.Rngs(seed))


class TenantRouter:
    def __init__(self, names):
        self.tenants = {n: Tenant(n, s) for s, n in enumerate(names)}

    def complete(self, tenant_name, token, max_new=5):
        tenant = self.tenants[tenant_name]
        graphdef, cache, rest = nnx.split(tenant.model, KVCache, ...)

        def body(i, carry):
            tok, cache = carry
            model = nnx.merge(graphdef, cache, rest)
            logits = model.decode_step(tok)
            return jnp.argmax(logits).astype(jnp.int32), nnx.state(model, KVCache)

        tok, cache = lax.fori_loop(0, max_new, body, (jnp.asarray(token, jnp.int32), cache))
        nnx.update(tenant.model, cache)
        return tok


def main():
    router = TenantRouter(["alpha", "beta"])
    for name in ("alpha", "beta"):
        jax.block_until_ready(router.complete(name, 2))
    return None
