# label: ok
# flax-error: none
# class: 4 a plain Router object stores the load balancer's bound `route` method, which only reads it; the module-level `dispatch` loop body calls `router.pick(...)` and counts the usage in the carry
import jax
import jax.numpy as jnp
from flax import nnx


class Usage(nnx.Variable):
    pass


class LoadBalancer(nnx.Module):
    def __init__(self, n_experts: int, rngs: nnx.Rngs):
        self.gate = nnx.Linear(4, n_experts, rngs=rngs)
        self.usage = Usage(jnp.zeros(n_experts))

    def route(self, token):
        return jnp.argmax(self.gate(token) - 0.1 * self.usage[...])


class Router:
    def __init__(self, balancer: LoadBalancer):
        self.pick = balancer.route


def dispatch(router: Router, tokens):
    def body(t, usage):
        expert = router.pick(tokens[t])
        return usage.at[expert].add(1.0)

    return jax.lax.fori_loop(0, tokens.shape[0], body, jnp.zeros(3))


def main():
    router = Router(LoadBalancer(3, nnx.Rngs(0)))
    dispatch(router, jnp.ones((5, 4)))
