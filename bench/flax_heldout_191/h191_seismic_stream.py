# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a bound module with a mutable cache collection, held by a session in a service's session pool, is called in the scan body
"""Streaming seismic denoiser: each station's session keeps the model bound with its overlap cache."""
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
    bound: nn.Module
    chunks_seen: int = 0


class DenoiseService:
    def __init__(self, model: ChunkDenoiser, variables):
        self.model = model
        self.variables = variables
        self.pool: dict[str, StationSession] = {}

    def open(self, station: str) -> StationSession:
        bound = self.model.bind(self.variables, mutable=["cache"])
        self.pool[station] = StationSession(station, bound)
        return self.pool[station]

    def _session(self, station: str) -> StationSession:
        return self.pool.get(station) or self.open(station)

    def process(self, station: str, chunks):
        session = self._session(station)

        def body(energy, chunk):
            cleaned = session.bound(chunk)
            return energy + jnp.sum(cleaned**2), cleaned

        energy, cleaned = jax.lax.scan(body, jnp.float32(0.0), chunks)
        session.chunks_seen += chunks.shape[0]
        tail = session.bound.variables["cache"]["tail"]
        return cleaned, energy, jnp.linalg.norm(tail)


def main():
    model = ChunkDenoiser()
    trace = jnp.sin(jnp.linspace(0.0, 12.0, 8 * CHUNK)) + 0.05
    chunks = trace.reshape(8, CHUNK)
    variables = model.init(jax.random.key(0), chunks[0])
    service = DenoiseService(model, variables)
    cleaned, energy, tail_norm = service.process("KX.ANMO", chunks)
    print(cleaned.shape, float(energy), float(tail_norm))
    return None
