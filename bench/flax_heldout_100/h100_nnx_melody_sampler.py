# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 MelodySampler splits the model once in __init__ (self.graphdef, self.state) and merges it in the scan body, where the Rngs stream is advanced
"""Symbolic music generation: sample a short melody from a note model.

The sampler is constructed once per request worker; to keep the hot loop functional it
splits the model in __init__ and merges it back inside the sampling step.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class NoteModel(nnx.Module):
    def __init__(self, pitches, hidden, rngs: nnx.Rngs):
        self.embed = nnx.Embed(pitches, hidden, rngs=rngs)
        self.cell = nnx.Linear(hidden, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, pitches, rngs=rngs)
        self.rngs = rngs

    def next_note(self, note, temperature):
        h = nnx.tanh(self.cell(self.embed(note)))
        logits = self.out(h) / temperature
        return jax.random.categorical(self.rngs.sample(), logits)


class MelodySampler:
    def __init__(self, model, temperature=0.8):
        self.graphdef, self.state = nnx.split(model)
        self.temperature = temperature

    def sample(self, first_note, length):
        def body(note, _):
            model = nnx.merge(self.graphdef, self.state)
            nxt = model.next_note(note, self.temperature)
            return nxt, nxt

        _, notes = jax.lax.scan(body, first_note, None, length=length)
        return notes


def main():
    model = NoteModel(24, 16, nnx.Rngs(params=0, sample=1))
    sampler = MelodySampler(model)
    return sampler.sample(jnp.array(3), length=8)
