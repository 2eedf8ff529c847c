# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 LighthouseService.pool[name] -> BeamSession.model (a cached_property building the NNX model); the fori_loop body calls it and stores the beam intensity on the session, which report() reads after the loop
"""Lighthouse beam control: a service keeps one session per lighthouse and sweeps the beam per sector."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class BeamConfig:
    sectors: int = 8
    visibility_features: int = 3


class BeamIntensity(nnx.Module):
    def __init__(self, cfg: BeamConfig, rngs: nnx.Rngs):
        self.fog = nnx.Linear(cfg.visibility_features, 1, rngs=rngs)

    def __call__(self, visibility):
        return jax.nn.sigmoid(self.fog(visibility))[0]


class BeamSession:
    def __init__(self, cfg: BeamConfig, seed: int):
        self.cfg = cfg
        self.seed = seed
        self.last_intensity = None

    @functools.cached_property
    def model(self):
        return BeamIntensity(self.cfg, nnx.Rngs(self.seed))

    def report(self):
        return {"last_intensity": jnp.round(self.last_intensity * 100.0) / 100.0}


class LighthouseService:
    def __init__(self, cfg: BeamConfig, names):
        self.cfg = cfg
        self.pool = {name: BeamSession(cfg, seed) for seed, name in enumerate(names)}
        self.warm = all(session.model is not None for session in self.pool.values())

    def sweep(self, name, visibility):
        session = self.pool[name]

        def sector(i, energy):
            intensity = session.model(visibility[i])
            session.last_intensity = intensity
            return energy + intensity

        energy = jax.lax.fori_loop(0, self.cfg.sectors, sector, jnp.zeros(()))
        return energy, session.report()


def main():
    cfg = BeamConfig()
    service = LighthouseService(cfg, ["fastnet", "eddystone"])
    visibility = jax.random.uniform(jax.random.PRNGKey(0), (cfg.sectors, cfg.visibility_features))
    service.sweep("eddystone", visibility)
    return None
