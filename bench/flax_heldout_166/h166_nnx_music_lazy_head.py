# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 Arranger.head is a functools.cached_property that builds an nnx.Linear on first access, which happens in the scan body through service.engine.arranger; the cached module is used again after the loop
"""Music generation: an arrangement service voices chords, building its voicing head lazily."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class ArrangerConfig:
    chord_dim: int = 12
    voices: int = 4
    bars: int = 6
    seed: int = 21


class Arranger:
    def __init__(self, cfg):
        self.cfg = cfg

    @functools.cached_property
    def head(self):
        return nnx.Linear(self.cfg.chord_dim, self.cfg.voices, rngs=nnx.Rngs(self.cfg.seed))

    def voice(self, chord):
        return nnx.sigmoid(self.head(chord)) * 24.0 + 48.0  # MIDI pitches


class ArrangementEngine:
    def __init__(self, cfg):
        self.arranger = Arranger(cfg)


class ArrangementService:
    def __init__(self, cfg):
        self.engine = ArrangementEngine(cfg)

    def arrange(self, progression):
        def bar(prev, chord):
            voicing = self.engine.arranger.voice(chord)
            return voicing, voicing - prev

        _, motion = lax.scan(bar, jnp.zeros(self.engine.arranger.cfg.voices), progression)
        return motion

    def preview(self, chord):
        return self.engine.arranger.voice(chord)


def main():
    cfg = ArrangerConfig()
    progression = jax.nn.one_hot(jnp.array([0, 5, 7, 0, 9, 4]), cfg.chord_dim)
    service = ArrangementService(cfg)
    motion = service.arrange(progression)
    tonic = service.preview(progression[0])
    (motion.sum() + tonic.sum()).block_until_ready()
    return None
