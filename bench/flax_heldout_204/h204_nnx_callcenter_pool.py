# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 functools.partial(pool.route, 'billing') is called in the fori_loop body; RoutingSessionPool.route caches nnx.state of the merged session model in pool.states
"""Call-center routing: each queue (billing, tech support, retention) has its own routing
session, a small NNX model plus an EMA of recent load kept in a custom Variable. The pool
stores sessions as split state so it can hold many of them cheaply; a load-test replays a
day of calls through one queue."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class LoadEma(nnx.Variable):
    pass


class RoutingModel(nnx.Module):
    def __init__(self, n_features: int, n_agents: int, *, rngs: nnx.Rngs):
        self.score = nnx.Linear(n_features, n_agents, rngs=rngs)
        self.load = LoadEma(jnp.zeros((n_agents,)))

    def __call__(self, call_features):
        probs = jax.nn.softmax(self.score(call_features) - self.load[...])
        self.load[...] = 0.9 * self.load[...] + 0.1 * probs
        return probs


class RoutingSessionPool:
    def __init__(self, queues, n_features: int, n_agents: int):
        graphdefs, self.states = {}, {}
        for i, q in enumerate(queues):
            graphdefs[q], self.states[q] = nnx.split(RoutingModel(n_features, n_agents, rngs=nnx.Rngs(i)))
        self.graphdef = graphdefs[queues[0]]

    def route(self, queue, state, call_features):
        session = nnx.merge(self.graphdef, state)
        probs = session(call_features)
        self.states[queue] = nnx.state(session)
        return probs, self.states[queue]

    def serve(self, queue, call_features):
        return nnx.merge(self.graphdef, self.states[queue])(call_features)


def replay_day(pool: RoutingSessionPool, queue: str, calls):
    step = functools.partial(pool.route, queue)

    def one_call(i, carry):
        state, assigned = carry
        probs, state = step(state, calls[i])
        return state, assigned + probs

    n_agents = pool.states[queue]["load"][...].shape[0]
    init = (pool.states[queue], jnp.zeros((n_agents,)))
    return lax.fori_loop(0, calls.shape[0], one_call, init)[1]


def main():
    pool = RoutingSessionPool(["billing", "tech", "retention"], n_features=6, n_agents=4)
    calls = jax.random.normal(jax.random.key(8), (20, 6))
    assigned = replay_day(pool, "billing", calls)
    live = pool.serve("billing", calls[0])
    print(assigned, live)
    return None
