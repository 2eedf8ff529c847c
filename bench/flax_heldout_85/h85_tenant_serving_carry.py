# label: ok
# flax-error: none
# class: 3 each tenant keeps its variables; the while_loop carries the cache and calls model.apply(mutable=["cache"]), storing the final cache after the loop
"""Multi-tenant serving: every tenant owns its own Linen decoder with a KV-style cache."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class StatefulDecoder(nn.Module):
    vocab: int = 24
    features: int = 12

    @nn.compact
    def __call__(self, token):
        x = nn.Embed(self.vocab, self.features)(token)
        state = self.variable("cache", "state", jnp.zeros, x.shape)
        new_state = nn.tanh(nn.Dense(self.features)(x) + state.value)
        state.value = new_state
        return nn.Dense(self.vocab)(new_state)


class Tenant:
    def __init__(self, name, seed):
        self.name = name
        self.model = StatefulDecoder()
        variables = self.model.init(jax.random.PRNGKey(seed), jnp.zeros((), jnp.int32))
        self.params = variables["params"]
        self.cache = variables["cache"]

    def generate(self, first_token, max_new):
        def cond(carry):
            i, _, _ = carry
            return i < max_new

        def body(carry):
            i, tok, cache = carry
            logits, mutated = self.model.apply({"params": self.params, "cache": cache}, tok, mutable=["cache"])
            return i + 1, jnp.argmax(logits).astype(jnp.int32), mutated["cache"]

        _, last, cache = jax.lax.while_loop(cond, body, (0, first_token, self.cache))
        self.cache = cache
        return last

    def snapshot(self):
        return jax.tree.map(jnp.copy, self.cache)


class TenantRouter:
    def __init__(self, names):
        self.tenants = {name: Tenant(name, seed) for seed, name in enumerate(names)}

    def handle(self, tenant, token):
        t = self.tenants[tenant]
        out = t.generate(jnp.asarray(token, jnp.int32), 4)
        return out, t.snapshot()


def main():
    router = TenantRouter(["acme", "globex"])
    for name in ("acme", "globex"):
        jax.block_until_ready(router.handle(name, 3))
    return None
