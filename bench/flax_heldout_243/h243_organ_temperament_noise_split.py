# label: ok
# flax-error: none
# class: 2 PitchDrift.__call__ splits the make_rng key into one key per sweep in a local array and scans over it as xs
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

MEANTONE_CENTS = (10.3, -13.7, 3.4, 20.5, -3.4, 13.7, -10.3, 6.8, -17.1, 0.0, 17.1, -6.8)


@dataclasses.dataclass(frozen=True)
class Temperament:
    name: str
    cents: tuple[float, ...]
    reference_hz: float = 415.0


class PitchDrift(nn.Module):
    temperament: Temperament
    sweeps: int = 5

    @nn.compact
    def __call__(self, base_hz):
        offsets = jnp.asarray(self.temperament.cents, jnp.float32)
        humidity_gain = self.param("humidity_gain", nn.initializers.constant(0.8), (12,))
        sweep_keys = jax.random.split(self.make_rng("jitter"), self.sweeps)

        def sweep(carry, key):
            drift = humidity_gain * jax.random.normal(key, (12,))
            return carry, base_hz * 2.0 ** ((offsets + drift) / 1200.0)

        _, pitches = lax.scan(sweep, None, sweep_keys)
        return pitches


@dataclasses.dataclass
class TuningWorkshop:
    temperament: Temperament
    seed: int = 4
    variables: dict = dataclasses.field(default_factory=dict)

    def __post_init__(self):
        self.model = PitchDrift(self.temperament)

    @property
    def base_hz(self):
        semitones = jnp.arange(12, dtype=jnp.float32)
        return self.temperament.reference_hz * 2.0 ** ((semitones - 9.0) / 12.0)

    def prepare(self):
        keys = dict(zip(("params", "jitter"), jax.random.split(jax.random.key(self.seed))))
        self.variables = self.model.init(keys, self.base_hz)
        return self

    def survey(self, key):
        return self.model.apply(self.variables, self.base_hz, rngs={"jitter": key})


def main():
    workshop = TuningWorkshop(Temperament("quarter-comma meantone", MEANTONE_CENTS)).prepare()
    return workshop.survey(jax.random.key(30))
