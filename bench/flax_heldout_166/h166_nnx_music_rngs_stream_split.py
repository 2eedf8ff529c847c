# label: ok
# flax-error: none
# class: 4 the scan body reaches the melody sampler through service.sessions[sid].sampler; one key is drawn from its nnx.Rngs 'sample' stream before the loop, split, and fed one per note
"""Music generation: a melody service continues phrases for each open session, note by note."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class MelodyConfig:
    pitches: int = 24
    embed: int = 16
    notes: int = 8
    temperature: float = 1.2


class MelodySampler(nnx.Module):
    def __init__(self, cfg, rngs):
        self.cfg = cfg
        self.embed = nnx.Embed(cfg.pitches, cfg.embed, rngs=rngs)
        self.logits = nnx.Linear(cfg.embed, cfg.pitches, rngs=rngs)
        self.rngs = rngs

    def next_logits(self, prev):
        return self.logits(self.embed(prev)) / self.cfg.temperature

    def draw(self, prev, key):
        return jax.random.categorical(key, self.next_logits(prev))


class Session:
    def __init__(self, cfg, seed):
        self.sampler = MelodySampler(cfg, nnx.Rngs(params=0, sample=seed))


class MelodyService:
    def __init__(self, cfg):
        self.cfg = cfg
        self.sessions = {}

    def open(self, sid, seed):
        self.sessions[sid] = Session(self.cfg, seed)

    def continue_phrase(self, sid, last_notes):
        keys = jax.random.split(self.sessions[sid].sampler.rngs.sample(), self.cfg.notes)

        def step(prev, key):
            note = self.sessions[sid].sampler.draw(prev, key)
            return note, note

        _, notes = lax.scan(step, last_notes, keys)
        return notes


def main():
    cfg = MelodyConfig()
    service = MelodyService(cfg)
    service.open("user-17", seed=3)
    return service.continue_phrase("user-17", jnp.array([0, 4, 7, 12]))
