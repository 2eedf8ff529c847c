# label: trace-context
# flax-error: TraceContextError: Cannot mutate Usage from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a plain Router object stores the load balancer's bound `record` method; the module-level `dispatch` loop body calls `router.record(...)`, which writes the balancer's usage Variable
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

    def record(self, expert):
        self.usage[...] = self.usage[...].at[expert].add(1.0)


class Router:
    def __init__(self, balancer: LoadBalancer):
        self.pick = balancer.route
        self.record = balancer.record


def dispatch(router: Router, tokens):
    def body(t, load):
        expert = router.pick(tokens[t])
        router.record(expert)
        return load + expert

    return jax.lax.fori_loop(0, tokens.shape[0], body, jnp.array(0))


def main():
    router = Router(LoadBalancer(3, nnx.Rngs(0)))
    dispatch(router, jnp.ones((5, 4)))
