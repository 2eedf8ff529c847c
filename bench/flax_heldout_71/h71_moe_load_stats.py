# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "load" in "/" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a module-level route_batches helper receives the router's variables and runs a fori_loop whose body calls router.apply without mutable=['stats']
"""Mixture-of-experts top-1 router that keeps per-expert load statistics."""
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
    """Route every micro-batch and count how many were sent to expert 0."""

    def body(i, n0):
        expert = router.apply(variables, tokens[i])
        return n0 + jnp.sum(expert == 0)

    return lax.fori_loop(0, tokens.shape[0], body, jnp.int32(0))


def main():
    router = Top1Router()
    tokens = jax.random.normal(jax.random.PRNGKey(0), (6, 16, 8))
    variables = router.init(jax.random.PRNGKey(1), tokens[0])
    print("tokens to expert 0:", route_batches(router, variables, tokens))
    return None
