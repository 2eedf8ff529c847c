# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_stage() returns functools.partial(module.apply, variables) wrapped in a Stage; the DagExecutor runs the stages in topological order inside while_loop
"""DAG executor for a sensor-ingest pipeline.

Stages are built by a factory from a module and its variables and wired by name; the executor
orders them topologically and pushes micro-batches through the whole graph with a while_loop.
The normaliser stage keeps running statistics of what it has seen.
"""
import functools
from dataclasses import dataclass
from typing import Callable

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.lax import while_loop


class RunningNormalizer(nn.Module):
    @nn.compact
    def __call__(self, x):
        mean = self.variable("stats", "mean", lambda: jnp.zeros(x.shape[-1]))
        if not self.is_initializing():
            mean.value = 0.9 * mean.value + 0.1 * x.mean(axis=0)
        return x - mean.value


class Projector(nn.Module):
    features: int = 4

    @nn.compact
    def __call__(self, x):
        return nn.gelu(nn.Dense(self.features)(x))


@dataclass(frozen=True)
class Stage:
    name: str
    deps: tuple
    fn: Callable


def make_stage(name, module, variables, deps=()):
    return Stage(name, tuple(deps), functools.partial(module.apply, variables))


class DagExecutor:
    def __init__(self, stages):
        self.order = self._toposort({s.name: s for s in stages})

    @staticmethod
    def _toposort(by_name):
        done, order = set(), []

        def visit(name):
            if name in by_name and name not in done:
                for dep in by_name[name].deps:
                    visit(dep)
                done.add(name)
                order.append(by_name[name])

        for name in by_name:
            visit(name)
        return order

    def run(self, batches):
        def cond(state):
            return state[0] < batches.shape[0]

        def body(state):
            i, total = state
            values = {"input": batches[i]}
            for stage in self.order:
                values[stage.name] = stage.fn(values[stage.deps[0]])
            return i + 1, total + values[self.order[-1].name].sum()

        return while_loop(cond, body, (0, jnp.zeros(())))[1]


def main():
    batches = jax.random.normal(jax.random.key(0), (5, 3, 6))
    norm, proj = RunningNormalizer(), Projector()
    stages = [
        make_stage("project", proj, proj.init(jax.random.key(1), batches[0]), deps=("normalize",)),
        make_stage("normalize", norm, norm.init(jax.random.key(2), batches[0]), deps=("input",)),
    ]
    DagExecutor(stages).run(batches).block_until_ready()
    return None
