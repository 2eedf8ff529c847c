# label: trace-context
# flax-error: TraceContextError: Cannot mutate KVCache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the router reaches tenant.model (an NNX module with a KVCache nnx.Variable subclass) inside the fori_loop body, whose decode step writes the cache
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

        def body(i, tok):
            logits = tenant.model.decode_step(tok)
            return jnp.argmax(logits).astype(jnp.int32)

        return lax.fori_loop(0, max_new, body, jnp.asarray(token, jnp.int32))


def main():
    router = TenantRouter(["alpha", "beta"])
    for name in ("alpha", "beta"):
        jax.block_until_ready(router.complete(name, 2))
    return None
