# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the while_loop body looks up an nnx.jit step function in a decorator registry and passes it self.policy, a module created outside the loop
"""Last-mile delivery route planning: a learned scoring policy picks the next stop until the
van is full; policies are registered by name so the dispatch service can swap them."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

STOPS = 10
STOP_FEATURES = 5

POLICIES = {}


def register(name):
    def wrap(fn):
        POLICIES[name] = nnx.jit(fn)
        return fn
    return wrap


class StopScorer(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.mlp = nnx.Linear(STOP_FEATURES, 1, rngs=rngs)

    def __call__(self, stops):
        return self.mlp(stops)[..., 0]


@register("greedy")
def greedy_next(policy, stops, visited):
    scores = policy(stops)
    return jnp.argmax(jnp.where(visited, -jnp.inf, scores))


class Planner:
    def __init__(self, policy_name, capacity, seed=0):
        self.policy = StopScorer(nnx.Rngs(seed))
        self.policy_name = policy_name
        self.capacity = capacity

    def plan(self, stops, demand):
        choose = POLICIES[self.policy_name]

        def not_full(state):
            load, visited, _ = state
            return (load < self.capacity) & ~jnp.all(visited)

        def visit(state):
            load, visited, route_len = state
            nxt = choose(self.policy, stops, visited)
            return load + demand[nxt], visited.at[nxt].set(True), route_len + 1

        init = (jnp.float32(0.0), jnp.zeros((STOPS,), bool), jnp.int32(0))
        return lax.while_loop(not_full, visit, init)


def main():
    stops = jax.random.normal(jax.random.PRNGKey(0), (STOPS, STOP_FEATURES))
    demand = jax.random.uniform(jax.random.PRNGKey(1), (STOPS,), minval=1.0, maxval=4.0)
    Planner("greedy", capacity=12.0).plan(stops, demand)
    return None
