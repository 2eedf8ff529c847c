# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a ReplayBuffer dataclass built in one function is filled with NNX model features inside a jax.lax.fori_loop in another
"""Continual learning with experience replay: features of each streamed sample are stored for rehearsal."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclass
class ReplayBuffer:
    capacity: int = 32
    items: list = field(default_factory=list)

    def add(self, feat):
        if len(self.items) < self.capacity:
            self.items.append(feat)

    def sample(self, key, n):
        idx = jax.random.randint(key, (n,), 0, len(self.items))
        return jnp.stack(self.items)[idx]


class Backbone(nnx.Module):
    def __init__(self, *, rngs):
        self.fc = nnx.Linear(6, 4, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.fc(x))


def make_stream_body(model, buffer, stream):
    def body(t, acc):
        feat = model(stream[t])
        buffer.add(feat)
        return acc + feat.sum()

    return body


def main():
    model = Backbone(rngs=nnx.Rngs(0))
    buffer = ReplayBuffer()
    stream = jnp.ones((10, 6))
    jax.lax.fori_loop(0, 10, make_stream_body(model, buffer, stream), 0.0)
    rehearsal = buffer.sample(jax.random.key(0), 4)
    rehearsal.block_until_ready()
    return None
