# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the while_loop body merges session.graphdef with session.state; sessions are copy.copy clones of the service's template kept in a pool
"""Marine VHF radio transcription service.

The service keeps a small pool of decoding sessions, each a shallow copy of a
template holding the tagger's graphdef and state. A request is routed to a
session, which tags the audio frames one by one until the transmission ends.
"""
import copy
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


@dataclass(frozen=True)
class TaggerConfig:
    features: int = 6
    width: int = 12
    tags: int = 4
    dropout: float = 0.2


class CallTagger(nnx.Module):
    def __init__(self, config: TaggerConfig, rngs: nnx.Rngs):
        self.encode = nnx.Linear(config.features, config.width, rngs=rngs)
        self.drop = nnx.Dropout(config.dropout, rngs=rngs)
        self.tag = nnx.Linear(config.width, config.tags, rngs=rngs)

    def __call__(self, frame):
        return self.tag(self.drop(nnx.gelu(self.encode(frame))))


class DecodeSession:
    def __init__(self, graphdef, state):
        self.graphdef = graphdef
        self.state = state

    def transcribe(self, frames):
        n = frames.shape[0]

        def transmitting(carry):
            return carry[0] < n

        def tag_frame(carry):
            i, tags = carry
            tagger = nnx.merge(self.graphdef, self.state)
            return i + 1, tags.at[i].set(jnp.argmax(tagger(frames[i])).astype(jnp.int32))

        return lax.while_loop(transmitting, tag_frame, (0, jnp.zeros((n,), jnp.int32)))[1]


class TranscriptionService:
    def __init__(self, config: TaggerConfig, pool_size: int = 3):
        tagger = CallTagger(config, nnx.Rngs(params=0, dropout=1))
        self._template = DecodeSession(*nnx.split(tagger))
        self._pool = [copy.copy(self._template) for _ in range(pool_size)]

    def handle(self, request_id: int, frames):
        return self._pool[request_id % len(self._pool)].transcribe(frames)


def main():
    service = TranscriptionService(TaggerConfig())
    service.handle(7, jax.random.normal(jax.random.key(2), (5, 6)))
    return None
