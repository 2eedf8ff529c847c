# label: ok
# flax-error: none
# class: 3 the BasslineSampler's self.swing_key, drawn once from its nnx.Rngs 'sample' stream at construction, enters the scan carry and is split every step
"""Music accompaniment generation: a bassline sampler follows the lead sheet beat by beat and
adds a sampled swing offset to every beat so the groove does not sound quantised."""
import jax
import jax.numpy as jnp
from flax import nnx


class BassVoice(nnx.Module):
    def __init__(self, chord_dim, hidden, rngs: nnx.Rngs):
        self.cell = nnx.GRUCell(chord_dim, hidden, rngs=rngs)
        self.pitch = nnx.Linear(hidden, 12, rngs=rngs)

    def __call__(self, hidden, chord):
        hidden, out = self.cell(hidden, chord)
        return hidden, self.pitch(out)


class BasslineSampler:
    def __init__(self, chord_dim=8, hidden=16, swing=0.08, seed=0):
        rngs = nnx.Rngs(params=seed, sample=seed + 1)
        self.voice = BassVoice(chord_dim, hidden, rngs)
        self.swing_key = rngs.sample()
        self.swing = swing
        self.hidden = hidden

    def follow(self, chords):
        def beat(carry, chord):
            hidden, key = carry
            key, sub = jax.random.split(key)
            hidden, logits = self.voice(hidden, chord)
            offset = self.swing * jax.random.uniform(sub, (), minval=-1.0, maxval=1.0)
            return (hidden, key), {"pitch": jnp.argmax(logits), "swing": offset}

        _, beats = jax.lax.scan(beat, (jnp.zeros((self.hidden,)), self.swing_key), chords)
        return beats


def main():
    chords = jax.random.normal(jax.random.key(4), (8, 8))
    sampler = BasslineSampler()
    beats = sampler.follow(chords)
    return beats["swing"]
