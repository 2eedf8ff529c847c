# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 an exporter registered by decorator keeps nnx.split of the scheduler merged in the while_loop body; the service merges it after the loop
"""Quay-crane move scheduling for a berth shift; registered exporters publish the live policy."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

EXPORTERS = {}
PUBLISHED = {}


def register_exporter(name):
    def deco(fn):
        EXPORTERS[name] = fn
        return fn

    return deco


@register_exporter("crane_policy")
def publish_policy(model):
    PUBLISHED["crane_policy"] = nnx.split(model)


class MoveCount(nnx.Variable):
    pass


class CraneScheduler(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.score = nnx.Linear(5, 1, rngs=rngs)  # bay, tier, weight, dwell, reefer
        self.moves = MoveCount(jnp.zeros((), jnp.int32))

    def __call__(self, containers):
        self.moves[...] += 1
        return self.score(containers)[:, 0]


def run_shift(model, containers, max_moves):
    graphdef, state = nnx.split(model)

    def cond(carry):
        t, _, remaining = carry
        return jnp.logical_and(t < max_moves, remaining.sum() > 0)

    def body(carry):
        t, state, remaining = carry
        m = nnx.merge(graphdef, state)
        scores = jnp.where(remaining > 0, m(containers), -jnp.inf)
        remaining = remaining.at[jnp.argmax(scores)].set(0)
        for export in EXPORTERS.values():
            export(m)
        return t + 1, nnx.state(m), remaining

    init = (0, state, jnp.ones(containers.shape[0], jnp.int32))
    _, state, remaining = lax.while_loop(cond, body, init)
    nnx.update(model, state)
    return remaining


def main():
    containers = jax.random.normal(jax.random.key(0), (12, 5))
    scheduler = CraneScheduler(rngs=nnx.Rngs(0))
    run_shift(scheduler, containers, max_moves=8)
    graphdef, state = PUBLISHED["crane_policy"]
    served = nnx.merge(graphdef, state)
    served(containers).argmax()
    return None
