# label: same-values
# flax-error: none
# class: 3 Humanizer stores a key drawn from its Rngs 'timing' stream at construction; Performer.perform()'s jax.checkpoint-wrapped scan body calls humanizer.jitter(), which samples with that stored key every bar
"""Expressive performance rendering: humanizing a quantized MIDI score.

A small network predicts note velocities from score features; onset times get
Gaussian timing jitter so the performance does not sound mechanical. Bars are
rendered sequentially (the running time offset is the carry) and the per-bar
timing deviations are returned for analysis.
"""
import dataclasses
from typing import NamedTuple

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class HumanizeConfig:
    feat_dim: int = 6
    hidden: int = 16
    notes_per_bar: int = 4
    bar_seconds: float = 2.0
    timing_sigma: float = 0.015


class ScoreBar(NamedTuple):
    onsets: jnp.ndarray    # (notes,) seconds within the bar
    feats: jnp.ndarray     # (notes, feat_dim): pitch, beat position, accent, ...


class Humanizer(nnx.Module):
    def __init__(self, cfg: HumanizeConfig, *, rngs: nnx.Rngs):
        self.velocity_net = nnx.Sequential(
            nnx.Linear(cfg.feat_dim, cfg.hidden, rngs=rngs), nnx.tanh,
            nnx.Linear(cfg.hidden, 1, rngs=rngs),
        )
        self.timing_key = rngs.timing()
        self.sigma = cfg.timing_sigma

    def jitter(self, n_notes):
        return self.sigma * jax.random.normal(self.timing_key, (n_notes,))

    def __call__(self, feats):
        return 40.0 + 80.0 * nnx.sigmoid(self.velocity_net(feats)[:, 0])


class Performer:
    def __init__(self, humanizer: Humanizer, cfg: HumanizeConfig):
        self.humanizer = humanizer
        self.cfg = cfg

    def perform(self, bars: ScoreBar):
        cfg = self.cfg

        @jax.checkpoint
        def bar_step(t_offset, bar):
            dev = self.humanizer.jitter(cfg.notes_per_bar)
            onsets = t_offset + bar.onsets + dev
            velocities = self.humanizer(bar.feats)
            return t_offset + cfg.bar_seconds, (onsets, velocities, dev)

        _, (onsets, velocities, devs) = lax.scan(bar_step, jnp.array(0.0), bars)
        return onsets, velocities, devs


def toy_score(n_bars, cfg):
    onsets = jnp.tile(jnp.arange(cfg.notes_per_bar) * cfg.bar_seconds / cfg.notes_per_bar, (n_bars, 1))
    feats = jax.random.normal(jax.random.PRNGKey(5), (n_bars, cfg.notes_per_bar, cfg.feat_dim))
    return ScoreBar(onsets, feats)


def main():
    cfg = HumanizeConfig()
    humanizer = Humanizer(cfg, rngs=nnx.Rngs(params=0, timing=1))
    performer = Performer(humanizer, cfg)
    onsets, velocities, devs = performer.perform(toy_score(5, cfg))
    return devs
