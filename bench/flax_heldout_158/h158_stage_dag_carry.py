# label: ok
# flax-error: none
# class: 5 make_stage() returns functools.partial(module.apply, params, mutable=...) wrapped in a Stage; the DagExecutor threads each stage's collections through the while_loop carry
"""DAG executor for a sensor-ingest pipeline.

Stages are built by a factory from a module and its variables and wired by name; the executor
orders them topologically and pushes micro-batches through the whole graph with a while_loop.
The normaliser stage keeps running statistics, which travel in the loop state.
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
    state: dict


def _apply_stage(module, params, state, x):
    if not state:
        return module.apply({"params": params}, x), {}
    out, new_state = module.apply({"params": params, **state}, x, mutable=list(state))
    return out, dict(new_state)


def make_stage(name, module, variables, deps=()):
    params = variables.get("params", {})
    state = {k: v for k, v in variables.items() if k != "params"}
    return Stage(name, tuple(deps), functools.partial(_apply_stage, module, params), state)


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
            i, total, stage_state = state
            values, new_state = {"input": batches[i]}, {}
            for stage in self.order:
                values[stage.name], new_state[stage.name] = stage.fn(stage_state[stage.name], values[stage.deps[0]])
            return i + 1, total + values[self.order[-1].name].sum(), new_state

        init = (0, jnp.zeros(()), {s.name: s.state for s in self.order})
        _, total, final_state = while_loop(cond, body, init)
        return total, final_state


def main():
    batches = jax.random.normal(jax.random.key(0), (5, 3, 6))
    norm, proj = RunningNormalizer(), Projector()
    stages = [
        make_stage("project", proj, proj.init(jax.random.key(1), batches[0]), deps=("normalize",)),
        make_stage("normalize", norm, norm.init(jax.random.key(2), batches[0]), deps=("input",)),
    ]
    total, final_state = DagExecutor(stages).run(batches)
    jax.block_until_ready((total, final_state))
    return None
