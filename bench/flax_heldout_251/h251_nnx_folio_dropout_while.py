# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the FolioTagger reaches the while_loop body inside the step closure built by make_step, and its Dropout draws from the tagger's rngs in training mode
import dataclasses
from typing import Callable

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class TaggingJob:
    max_folios: int = 6
    confidence_target: float = 4.0
    tags: int = 3


class FolioTagger(nnx.Module):
    def __init__(self, dims: int, tags: int, *, rngs: nnx.Rngs):
        self.embed = nnx.Linear(dims, 12, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.out = nnx.Linear(12, tags, rngs=rngs)

    def __call__(self, folio):
        return self.out(self.drop(nnx.gelu(self.embed(folio))))


def make_step(tagger: FolioTagger, folios) -> Callable:
    def step(carry):
        i, confidence, tags = carry
        probs = jax.nn.softmax(tagger(folios[i]))
        return i + 1, confidence + probs.max(), tags.at[i].set(jnp.argmax(probs))
    return step


def make_condition(job: TaggingJob, n: int) -> Callable:
    def keep_going(carry):
        i, confidence, _ = carry
        return (i < min(n, job.max_folios)) & (confidence < job.confidence_target)
    return keep_going


class BoxProcessor:
    def __init__(self, job: TaggingJob, dims: int = 5):
        self.job = job
        self.tagger = FolioTagger(dims, job.tags, rngs=nnx.Rngs(0, dropout=1))

    def tag_box(self, folios):
        start = (0, jnp.zeros(()), jnp.full((folios.shape[0],), -1))
        step = make_step(self.tagger, folios)
        _, confidence, tags = lax.while_loop(make_condition(self.job, folios.shape[0]), step, start)
        return confidence, tags


def main():
    processor = BoxProcessor(TaggingJob())
    folios = jax.random.uniform(jax.random.key(9), (6, 5))
    jax.block_until_ready(processor.tag_box(folios))
    return None
