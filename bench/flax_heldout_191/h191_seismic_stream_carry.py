# label: ok
# flax-error: none
# class: 4 a session in a service's session pool holds the overlap cache; it enters the scan as carry and goes through model.apply with mutable cache
"""Streaming seismic denoiser: each station's session keeps its overlap cache, carried through the scan."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

CHUNK = 16
OVERLAP = 4


class ChunkDenoiser(nn.Module):
    hidden: int = 24

    @nn.compact
    def __call__(self, chunk):
        tail = self.variable("cache", "tail", jnp.zeros, (OVERLAP,))
        context = jnp.concatenate([tail.value, chunk])
        h = nn.gelu(nn.Dense(self.hidden, name="encode")(context))
        residual = nn.Dense(CHUNK, name="decode")(h)
        if not self.is_initializing():
            tail.value = chunk[-OVERLAP:]
        return chunk - 0.1 * residual


@dataclasses.dataclass
class StationSession:
    station: str
    cache: dict
    chunks_seen: int = 0


class DenoiseService:
    def __init__(self, model: ChunkDenoiser, variables):
        self.model = model
        self.params = variables["params"]
        self.initial_cache = variables["cache"]
        self.pool: dict[str, StationSession] = {}

    def open(self, station: str) -> StationSession:
        self.pool[station] = StationSession(station, self.initial_cache)
        return self.pool[station]

    def _session(self, station: str) -> StationSession:
        return self.pool.get(station) or self.open(station)

    def process(self, station: str, chunks):
        session = self._session(station)

        def body(carry, chunk):
            cache, energy = carry
            cleaned, updates = self.model.apply(
                {"params": self.params, "cache": cache}, chunk, mutable=["cache"])
            return (updates["cache"], energy + jnp.sum(cleaned**2)), cleaned

        (cache, energy), cleaned = jax.lax.scan(body, (session.cache, jnp.float32(0.0)), chunks)
        session.cache = cache
        session.chunks_seen += chunks.shape[0]
        return cleaned, energy, jnp.linalg.norm(cache["tail"])


def main():
    model = ChunkDenoiser()
    trace = jnp.sin(jnp.linspace(0.0, 12.0, 8 * CHUNK)) + 0.05
    chunks = trace.reshape(8, CHUNK)
    variables = model.init(jax.random.key(0), chunks[0])
    service = DenoiseService(model, variables)
    cleaned, energy, tail_norm = service.process("KX.ANMO", chunks)
    print(cleaned.shape, float(energy), float(tail_norm))
    return None
