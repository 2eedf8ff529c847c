# label: ok
# flax-error: none
# class: 3 the association module holds a plain TrackBook; the scan body's associate step (with jax.vmap over detections) returns the match costs as ys, recorded after the loop
"""Multi-object tracking by learned appearance association (frame-by-frame).

Each frame's detections are embedded, compared against the current track embeddings with
a vmapped cost, matched greedily, and the track embeddings are blended towards the match.
A track book keeps the per-frame matching costs for gating statistics.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class TrackBook:
    def __init__(self):
        self.costs = []

    def record(self, frame_costs):
        self.costs.append(frame_costs)

    def gate(self, quantile=0.9):
        return jnp.quantile(jnp.stack(self.costs), quantile)


@dataclasses.dataclass(frozen=True)
class MOTConfig:
    feat: int = 6
    embed: int = 8
    tracks: int = 3


class Associator(nnx.Module):
    def __init__(self, cfg: MOTConfig, book: TrackBook, rngs: nnx.Rngs):
        self.encoder = nnx.Sequential(nnx.Linear(cfg.feat, cfg.embed, rngs=rngs), nnx.relu,
                                      nnx.Linear(cfg.embed, cfg.embed, rngs=rngs))
        self.book = book

    def embed(self, detections):
        z = self.encoder(detections)
        return z / (jnp.linalg.norm(z, axis=-1, keepdims=True) + 1e-6)

    def _costs(self, tracks, z):
        return jax.vmap(lambda t: 1.0 - z @ t)(tracks)

    def associate(self, tracks, detections):
        z = self.embed(detections)
        cost = self._costs(tracks, z)
        match = jnp.argmin(cost, axis=1)
        return 0.8 * tracks + 0.2 * z[match], (match, jnp.min(cost, axis=1))


def track_sequence(model, frames):
    tracks0 = model.embed(frames[0])
    tracks, (matches, costs) = jax.lax.scan(model.associate, tracks0, frames[1:])
    for frame_costs in costs:
        model.book.record(frame_costs)
    return tracks, matches


def main():
    cfg = MOTConfig()
    book = TrackBook()
    model = Associator(cfg, book, nnx.Rngs(0))
    base = jnp.sin(jnp.arange(cfg.tracks * cfg.feat, dtype=jnp.float32)).reshape(cfg.tracks, cfg.feat)
    frames = jnp.stack([jnp.roll(base, k % 2, axis=0) + 0.05 * k for k in range(5)])
    tracks, matches = track_sequence(model, frames)
    print("matches per frame", matches, "cost gate", float(book.gate()))
    return None
