# label: ok
# flax-error: none
# class: 4 build_app() wires App.transcriber.section_head, which holds an nnx.Rngs; Transcriber.humanize draws one jitter key before lax.scan and feeds its splits to the body as xs
"""Orchestral score transcription: render bars back to a humanised MIDI preview.

A composition root builds the object graph once at start-up; the transcriber asks
the section head for each bar's velocity and adds a little timing jitter so the
preview does not sound quantised.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class SectionHead(nnx.Module):
    def __init__(self, n_features, n_voices, rngs: nnx.Rngs):
        self.velocity = nnx.Linear(n_features, n_voices, rngs=rngs)
        self.rngs = rngs

    def __call__(self, bar):
        return jax.nn.sigmoid(self.velocity(bar))


class Transcriber:
    def __init__(self, section_head: SectionHead, jitter_ms: float):
        self.section_head = section_head
        self.jitter_ms = jitter_ms

    def humanize(self, bars):
        def per_bar(clock, xs):
            bar, bar_key = xs
            velocity = self.section_head(bar)
            jitter = self.jitter_ms * jax.random.normal(bar_key, velocity.shape)
            return clock + 500.0, {"velocity": velocity, "onset_ms": clock + jitter}

        bar_keys = jax.random.split(self.section_head.rngs.jitter(), bars.shape[0])
        _, events = lax.scan(per_bar, jnp.zeros(()), (bars, bar_keys))
        return events


@dataclasses.dataclass
class App:
    transcriber: Transcriber
    section: str


def build_app(section: str, seed: int) -> App:
    rngs = nnx.Rngs(params=seed, jitter=seed + 1)
    head = SectionHead(n_features=12, n_voices=4, rngs=rngs)
    return App(transcriber=Transcriber(head, jitter_ms=8.0), section=section)


def main():
    app = build_app("strings", seed=0)
    bars = jnp.broadcast_to(jax.random.normal(jax.random.key(9), (12,)), (6, 12))
    return app.transcriber.humanize(bars)["onset_ms"] - jnp.arange(6)[:, None] * 500.0
