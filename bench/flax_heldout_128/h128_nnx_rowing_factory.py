# label: same-values
# flax-error: none
# class: 5 make_stroke_step(model, cfg) returns a step function that builds nnx.Rngs(dropout=cfg.seed) from the frozen config each call; the while_loop body calls it
"""Rowing crew analytics: stochastic stroke-rate projections from oarlock telemetry.

A factory builds the per-stroke step from a frozen configuration; the analyser projects
strokes with a while_loop until the piece is done, keeping each projection.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclass(frozen=True)
class StrokeConfig:
    seed: int = 17
    strokes: int = 8
    dropout: float = 0.3


class StrokeProjector(nnx.Module):
    def __init__(self, cfg: StrokeConfig, rngs: nnx.Rngs):
        self.body = nnx.Linear(4, 16, rngs=rngs)
        self.drop = nnx.Dropout(cfg.dropout)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, telemetry, rngs):
        h = self.drop(nnx.elu(self.body(telemetry)), deterministic=False, rngs=rngs)
        return 30.0 + self.head(h)[..., 0]


def make_stroke_step(model, cfg):
    def step(i, telemetry):
        rngs = nnx.Rngs(dropout=cfg.seed)
        return model(telemetry, rngs)

    return step


def project_piece(model, cfg, telemetry):
    step = make_stroke_step(model, cfg)
    out = jnp.zeros((cfg.strokes, telemetry.shape[0]))

    def cond(state):
        return state[0] < cfg.strokes

    def body(state):
        i, out = state
        return i + 1, out.at[i].set(step(i, telemetry))

    _, out = jax.lax.while_loop(cond, body, (0, out))
    return out


def main():
    cfg = StrokeConfig()
    telemetry = jnp.array([[0.8, 1.2, 0.3, 0.9], [0.7, 1.1, 0.4, 1.0]])  # catch, drive, finish, recovery (2 seats)
    model = StrokeProjector(cfg, nnx.Rngs(0))
    return project_piece(model, cfg, telemetry)
