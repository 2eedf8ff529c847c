# label: ok
# flax-error: none
# class: 5 a plugin registered under 'eval_start' receives the run context and calls ctx.model.eval(); the event fires once before the raw scan, whose body only calls ctx.model
"""Experiment framework with a plugin/hook registry.

Plugins register callables for named events. The evaluation loop fires 'eval_start'
once (plugins prepare the model there), then runs a raw `jax.lax.scan` over stacked
batches whose step only reads the model.
"""
import collections
import dataclasses
from typing import Any, Callable

import jax
import jax.numpy as jnp
from flax import nnx

_HOOKS: dict[str, list[Callable]] = collections.defaultdict(list)


def hook(event: str):
    def register(fn):
        _HOOKS[event].append(fn)
        return fn
    return register


def fire(event: str, ctx):
    for fn in _HOOKS[event]:
        fn(ctx)


@dataclasses.dataclass
class RunContext:
    model: nnx.Module
    step_outputs: dict = dataclasses.field(default_factory=dict)


@hook("eval_start")
def deterministic_mode(ctx: RunContext):
    # make sure dropout / batch-norm run in inference mode during evaluation
    ctx.model.eval()


class Encoder(nnx.Module):
    def __init__(self, din, dout, rngs: nnx.Rngs):
        self.proj = nnx.Linear(din, dout, rngs=rngs)
        self.norm = nnx.LayerNorm(dout, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)

    def __call__(self, x):
        return self.drop(self.norm(nnx.gelu(self.proj(x))))


def run_evaluation(ctx: RunContext, batches):
    fire("eval_start", ctx)

    def eval_step(total, x):
        emb = ctx.model(x)
        score = jnp.mean(jnp.linalg.norm(emb, axis=-1))
        return total + score, score

    total, scores = jax.lax.scan(eval_step, 0.0, batches)
    return total / batches.shape[0]


def main():
    model = Encoder(5, 8, rngs=nnx.Rngs(0))
    ctx = RunContext(model=model)
    batches = jax.random.normal(jax.random.PRNGKey(1), (4, 6, 5))
    run_evaluation(ctx, batches).block_until_ready()
    return None
