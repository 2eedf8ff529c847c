# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "pitch_class_hist" in "/" because collection "usage" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 fori_loop runs functools.partial(voice_bar, model, variables, progression), a module-level helper that applies the voicer
"""Symbolic music: four-part voicing of a chord progression, bar by bar."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop

N_QUALITIES = 4  # maj, min, dom7, dim


class ChordVoicer(nn.Module):
    voices: int = 4
    hidden: int = 32

    @nn.compact
    def __call__(self, chord):
        h = nn.relu(nn.Dense(self.hidden, name="encode")(chord))
        logits = nn.Dense(self.voices * 12, name="voices")(h).reshape(chord.shape[0], self.voices, 12)
        hist = self.variable("usage", "pitch_class_hist", jnp.zeros, (12,))
        hist.value = hist.value + jax.nn.softmax(logits, axis=-1).sum(axis=(0, 1))
        return logits


def encode_progression(roots, qualities):
    return jnp.concatenate([jax.nn.one_hot(roots, 12), jax.nn.one_hot(qualities, N_QUALITIES)], axis=-1)


def voice_bar(model, variables, progression, bar, voicings):
    logits = model.apply(variables, progression[bar])
    return voicings.at[bar].set(jnp.argmax(logits, axis=-1))


def voice_progression(model, variables, progression):
    n_bars, n_parts = progression.shape[0], progression.shape[1]
    voicings = jnp.zeros((n_bars, n_parts, model.voices), jnp.int32)
    body = functools.partial(voice_bar, model, variables, progression)
    return fori_loop(0, n_bars, body, voicings)


def main():
    # ii-V-I-vi in C, two arrangements per bar
    roots = jnp.array([[2, 2], [7, 7], [0, 0], [9, 9]])
    qualities = jnp.array([[1, 1], [2, 2], [0, 0], [1, 1]])
    progression = encode_progression(roots, qualities)
    model = ChordVoicer()
    variables = model.init(jax.random.key(0), progression[0])
    variables = {"params": variables["params"], "usage": {"pitch_class_hist": jnp.zeros((12,))}}
    jax.block_until_ready(voice_progression(model, variables, progression))
    return None
