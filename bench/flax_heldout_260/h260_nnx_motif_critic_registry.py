# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the scan body calls a compiled step looked up in a decorator registry and hands it the critic held at self.bundle.critic
"""Symbolic music: score candidate phrases with a learned motif critic, via the shared step registry."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax

STEP_REGISTRY: dict[str, Callable] = {}


def register_step(name: str):
    def decorator(fn):
        STEP_REGISTRY[name] = fn
        return fn

    return decorator


class MotifCritic(nnx.Module):
    def __init__(self, vocab: int, dim: int, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.score = nnx.Linear(dim, 1, rngs=rngs)

    def __call__(self, phrase):
        return self.score(self.embed(phrase).mean(axis=-2))[..., 0]


@register_step("critic/score")
@nnx.jit
def score_phrase(critic: MotifCritic, phrase):
    return jax.nn.sigmoid(critic(phrase))


@dataclass
class CriticBundle:
    critic: MotifCritic
    threshold: float = 0.5


class PhraseFilter:
    def __init__(self, bundle: CriticBundle):
        self.bundle = bundle

    def acceptance(self, candidates):
        score = STEP_REGISTRY["critic/score"]

        def judge(n_accepted, phrase):
            s = score(self.bundle.critic, phrase)
            return n_accepted + jnp.sum(s > self.bundle.threshold), s

        return lax.scan(judge, jnp.int32(0), candidates)


def main():
    candidates = jax.random.randint(jax.random.key(4), (5, 3, 8), 0, 36)
    filt = PhraseFilter(CriticBundle(MotifCritic(36, 12, nnx.Rngs(0))))
    jax.block_until_ready(filt.acceptance(candidates))
    return None
