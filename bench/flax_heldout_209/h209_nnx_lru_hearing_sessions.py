# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body reaches service.sessions.get(user).model, and the LRU pool builds a missing user's NNX session on first touch, inside the body
"""Per-user hearing-aid gain sessions behind an LRU pool; a user's sound scenes are streamed through their session."""
import collections
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class ServiceConfig:
    n_bands: int = 8
    capacity: int = 3


class GainModel(nnx.Module):
    """Per-band gain from the band energies of a sound scene."""

    def __init__(self, n_bands: int, rngs: nnx.Rngs):
        self.mix = nnx.Linear(n_bands, n_bands, rngs=rngs)
        self.scale = nnx.Param(jnp.ones((n_bands,)))

    def __call__(self, energies):
        return self.scale[...] * nnx.softplus(self.mix(energies))


class Session:
    def __init__(self, user_id: str, config: ServiceConfig):
        seed = sum(map(ord, user_id))
        self.model = GainModel(config.n_bands, nnx.Rngs(seed))


class LRUSessions:
    def __init__(self, config: ServiceConfig):
        self.config = config
        self._live = collections.OrderedDict()

    def get(self, user_id):
        session = self._live.pop(user_id, None)
        if session is None:
            session = Session(user_id, self.config)
        self._live[user_id] = session
        while len(self._live) > self.config.capacity:
            self._live.popitem(last=False)
        return session


class GainService:
    def __init__(self, config: ServiceConfig):
        self.sessions = LRUSessions(config)

    def stream(self, user_id, scenes):
        def frame(loudness, energies):
            gains = self.sessions.get(user_id).model(energies)
            return loudness + (gains * energies).sum(), gains

        return lax.scan(frame, jnp.zeros(()), scenes)

    def fit_profile(self, user_id, energies):
        return self.sessions.get(user_id).model(energies)


def main():
    config = ServiceConfig()
    scenes = jax.random.uniform(jax.random.key(0), (5, config.n_bands))
    service = GainService(config)
    service.stream("user-17", scenes)
    service.fit_profile("user-17", scenes[0])
    return None
