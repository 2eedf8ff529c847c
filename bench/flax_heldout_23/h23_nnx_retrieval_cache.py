# label: ok
# flax-error: none
# class: 3 scan body reads the held MemoryBank's MemorySlot variables; the stream's keys and values are written after the scan
"""Retrieval-augmented stream encoder with an episodic memory bank.

Each chunk of a stream queries the memory, mixes the retrieved value into its
representation; the stream is appended to the memory (ring buffer) once it
has been encoded.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class MemorySlot(nnx.Variable):
    """Episodic memory contents; neither trained nor reset between streams."""


@dataclasses.dataclass(frozen=True)
class RetrievalConfig:
    dim: int = 16
    slots: int = 8
    chunk: int = 4
    temperature: float = 0.5


class MemoryBank(nnx.Module):
    def __init__(self, cfg: RetrievalConfig):
        self.cfg = cfg
        self.keys = MemorySlot(jnp.zeros((cfg.slots, cfg.dim)))
        self.values = MemorySlot(jnp.zeros((cfg.slots, cfg.dim)))
        self.ptr = MemorySlot(jnp.zeros((), jnp.int32))

    def read(self, q):
        scores = q @ self.keys[...].T / self.cfg.temperature
        return jax.nn.softmax(scores, -1) @ self.values[...]

    def write(self, k, v):
        idx = (self.ptr[...] + jnp.arange(k.shape[0])) % self.cfg.slots
        self.keys[...] = self.keys[...].at[idx].set(k)
        self.values[...] = self.values[...].at[idx].set(v)
        self.ptr[...] = (self.ptr[...] + k.shape[0]) % self.cfg.slots


class RetrievalEncoder(nnx.Module):
    def __init__(self, cfg: RetrievalConfig, in_dim: int, *, rngs: nnx.Rngs):
        self.query = nnx.Linear(in_dim, cfg.dim, rngs=rngs)
        self.mix = nnx.Linear(2 * cfg.dim, cfg.dim, rngs=rngs)
        self.memory = MemoryBank(cfg)

    def encode_chunk(self, chunk):
        q = self.query(chunk)
        h = jnp.tanh(self.mix(jnp.concatenate([q, self.memory.read(q)], -1)))
        return q, h

    def process_stream(self, chunks):
        def body(carry, chunk):
            q, h = self.encode_chunk(chunk)
            return carry + jnp.mean(h**2), (h.mean(0), q, h)
        energy, (summaries, qs, hs) = jax.lax.scan(body, 0.0, chunks)
        n = self.memory.cfg.slots
        self.memory.write(qs.reshape(-1, qs.shape[-1])[-n:], hs.reshape(-1, hs.shape[-1])[-n:])
        return energy, summaries


def main():
    cfg = RetrievalConfig()
    model = RetrievalEncoder(cfg, in_dim=6, rngs=nnx.Rngs(0))
    stream = jax.random.normal(jax.random.key(1), (5, cfg.chunk, 6))
    energy, summaries = model.process_stream(stream)
    float(energy + summaries.sum() + model.memory.ptr[...])
    return None
