# label: ok
# flax-error: none
# class: 1 ScoreGenerator.generate owns a SamplingTemperature variable, carries its value through its own while_loop and writes it back after the loop
"""Orchestral score continuation: greedy note generation with a per-stage temperature schedule."""
import jax
import jax.numpy as jnp
from flax import nnx


class SamplingTemperature(nnx.Variable):
    """Decoding temperature; persisted with the model so a resumed session continues the schedule."""


class ScoreGenerator(nnx.Module):
    def __init__(self, pitches: int, rngs: nnx.Rngs, stage_length: int = 4, decay: float = 0.7):
        self.embed = nnx.Embed(pitches, 16, rngs=rngs)
        self.cell = nnx.Linear(32, 16, rngs=rngs)
        self.head = nnx.Linear(16, pitches, rngs=rngs)
        self.temperature = SamplingTemperature(jnp.asarray(1.2))
        self.stage_length = stage_length
        self.decay = decay

    def generate(self, prompt_note, max_notes: int):
        notes = jnp.zeros((max_notes,), jnp.int32).at[0].set(prompt_note)
        hidden = jnp.zeros((16,))

        def not_done(state):
            i, _, _, _ = state
            return i < max_notes

        def next_note(state):
            i, hidden, notes, temperature = state
            x = jnp.concatenate([self.embed(notes[i - 1]), hidden])
            hidden = jnp.tanh(self.cell(x))
            logits = self.head(hidden) / temperature
            notes = notes.at[i].set(jnp.argmax(nnx.log_softmax(logits)).astype(jnp.int32))
            new_stage = (i % self.stage_length) == 0
            temperature = jnp.where(new_stage, temperature * self.decay, temperature)
            return i + 1, hidden, notes, temperature

        init = (1, hidden, notes, self.temperature[...])
        _, _, notes, temperature = jax.lax.while_loop(not_done, next_note, init)
        self.temperature[...] = temperature
        return notes


def main():
    generator = ScoreGenerator(pitches=48, rngs=nnx.Rngs(0))
    phrase = generator.generate(prompt_note=24, max_notes=16)
    print("phrase", phrase.tolist(), "temperature", float(generator.temperature[...]))
    return None
