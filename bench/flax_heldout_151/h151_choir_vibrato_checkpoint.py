# label: same-values
# flax-error: none
# class: 5 the scan body is wrapped in jax.checkpoint and calls self.make_rng('jitter') inside it
"""Virtual choir vibrato renderer.

Each voice part gets a base pitch from a table of per-part lambdas keyed by
an enum; the renderer then draws a random pitch jitter for every beat so the
ensemble does not sound mechanical. The beat loop body is rematerialised with
jax.checkpoint because long pieces have thousands of beats.
"""
import enum
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Part(enum.Enum):
    SOPRANO = "soprano"
    ALTO = "alto"
    TENOR = "tenor"
    BASS = "bass"


BASE_PITCH = {
    Part.SOPRANO: lambda a4: a4 * 1.5,
    Part.ALTO: lambda a4: a4 * 1.0,
    Part.TENOR: lambda a4: a4 * 0.75,
    Part.BASS: lambda a4: a4 * 0.5,
}


@dataclass(frozen=True)
class RenderConfig:
    beats: int = 6
    a4: float = 440.0


class VibratoModel(nn.Module):
    parts: int

    @nn.compact
    def __call__(self, pitches, beats: int):
        depth = self.param("depth", nn.initializers.constant(0.3), (self.parts,))

        @jax.checkpoint
        def beat(carry, _):
            key = self.make_rng("jitter")
            cents = nn.softplus(depth) * jax.random.normal(key, (self.parts,))
            return carry, cents

        _, cents = lax.scan(beat, pitches, None, length=beats)
        return cents


class ChoirRenderer:
    def __init__(self, config: RenderConfig):
        self.config = config
        self.pitches = jnp.array([BASE_PITCH[p](config.a4) for p in Part])
        self.model = VibratoModel(parts=len(Part))
        self.params = self.model.init(
            {"params": jax.random.key(0), "jitter": jax.random.key(1)}, self.pitches, 2)["params"]

    def render(self, seed):
        return self.model.apply(
            {"params": self.params}, self.pitches, self.config.beats, rngs={"jitter": jax.random.key(seed)})


def main():
    renderer = ChoirRenderer(RenderConfig())
    return renderer.render(seed=42)
