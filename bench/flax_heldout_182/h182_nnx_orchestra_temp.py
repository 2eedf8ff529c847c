# label: trace-context
# flax-error: TraceContextError: Cannot mutate SamplingTemperature from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 ScoreGenerator.generate owns a SamplingTemperature variable and anneals it per stage inside its own while_loop body
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
            i, _, _ = state
            return i < max_notes

        def next_note(state):
            i, hidden, notes = state
            x = jnp.concatenate([self.embed(notes[i - 1]), hidden])
            hidden = jnp.tanh(self.cell(x))
            logits = self.head(hidden) / self.temperature[...]
            notes = notes.at[i].set(jnp.argmax(nnx.log_softmax(logits)).astype(jnp.int32))
            new_stage = (i % self.stage_length) == 0
            self.temperature[...] = jnp.where(new_stage, self.temperature[...] * self.decay,
                                              self.temperature[...])
            return i + 1, hidden, notes

        _, _, notes = jax.lax.while_loop(not_done, next_note, (1, hidden, notes))
        return notes


def main():
    generator = ScoreGenerator(pitches=48, rngs=nnx.Rngs(0))
    phrase = generator.generate(prompt_note=24, max_notes=16)
    print("phrase", phrase.tolist(), "temperature", float(generator.temperature[...]))
    return None
