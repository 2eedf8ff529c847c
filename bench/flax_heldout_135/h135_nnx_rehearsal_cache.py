# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a functools.partial chain binds the graphdef and a plain dict cache to advance_block; inside the while_loop body it merges the carried state and writes nnx.state of the merged model into the cache, which is nnx.update'd into the model afterwards
"""Choir scheduling: a recurrent planner walks over the weeks of a term, updating its
attendance memory, until the term ends or every section has enough rehearsal hours."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class TermPlanner(nnx.Module):
    def __init__(self, n_sections, rngs: nnx.Rngs):
        self.cell = nnx.Linear(2 * n_sections, n_sections, rngs=rngs)
        self.memory = nnx.BatchStat(jnp.zeros(n_sections))

    def __call__(self, week_demand):
        hours = nnx.relu(self.cell(jnp.concatenate([week_demand, self.memory[...]])))
        self.memory[...] = 0.7 * self.memory[...] + 0.3 * hours
        return hours


def advance_block(graphdef, state, demand, cache):
    planner = nnx.merge(graphdef, state)
    hours = planner(demand)
    new_state = nnx.state(planner)
    cache["planner_state"] = new_state
    return new_state, hours


def plan_term(planner, demand, target_hours):
    graphdef, state = nnx.split(planner)
    cache = {}
    advance = functools.partial(advance_block, graphdef)
    advance = functools.partial(advance, cache=cache)

    def cond(carry):
        week, _, done_hours = carry
        return (week < demand.shape[0]) & (done_hours.min() < target_hours)

    def body(carry):
        week, state, done_hours = carry
        state, hours = advance(state, demand[week])
        return week + 1, state, done_hours + hours

    init = (0, state, jnp.zeros(demand.shape[1]))
    weeks, _, done_hours = jax.lax.while_loop(cond, body, init)
    nnx.update(planner, cache["planner_state"])
    return weeks, done_hours


def main():
    demand = jax.random.uniform(jax.random.key(0), (12, 4))  # 12 weeks, SATB
    planner = TermPlanner(4, nnx.Rngs(0))
    plan_term(planner, demand, target_hours=20.0)
    planner(demand[0])
    return None
