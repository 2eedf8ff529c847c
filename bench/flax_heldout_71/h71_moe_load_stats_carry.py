# label: ok
# flax-error: none
# class: 2 a module-level route_batches helper runs a fori_loop whose body calls router.apply with mutable=['stats'] and carries the load statistics
"""Mixture-of-experts top-1 router that keeps per-expert load statistics (stats carried by the loop)."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class Top1Router(nn.Module):
    num_experts: int = 4

    @nn.compact
    def __call__(self, x):
        logits = nn.Dense(self.num_experts, use_bias=False)(x)
        expert = jnp.argmax(logits, axis=-1)
        load = self.variable("stats", "load", lambda: jnp.zeros((self.num_experts,), jnp.float32))
        load.value = load.value + jax.nn.one_hot(expert, self.num_experts).sum(0)
        return expert


def route_batches(router, variables, tokens):
    """Route every micro-batch, accumulating the per-expert load."""
    params = variables["params"]

    def body(i, carry):
        n0, stats = carry
        expert, updates = router.apply({"params": params, "stats": stats}, tokens[i], mutable=["stats"])
        return n0 + jnp.sum(expert == 0), updates["stats"]

    return lax.fori_loop(0, tokens.shape[0], body, (jnp.int32(0), variables["stats"]))


def main():
    router = Top1Router()
    tokens = jax.random.normal(jax.random.PRNGKey(0), (6, 16, 8))
    variables = router.init(jax.random.PRNGKey(1), tokens[0])
    n0, stats = route_batches(router, variables, tokens)
    print("tokens to expert 0:", n0, "load:", stats["load"])
    return None
