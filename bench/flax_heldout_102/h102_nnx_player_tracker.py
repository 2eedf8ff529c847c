# label: same-values
# flax-error: none
# class: 5 a factory returns the propagate step, which rebuilds nnx.Rngs from the frozen config's seed on every call; the while_loop body calls that step through tracker.propagate
"""Sports player tracking: a particle filter propagates player positions between broadcast frames."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class TrackerConfig:
    n_particles: int = 8
    n_frames: int = 6
    seed: int = 0
    process_noise: float = 0.5


class MotionModel(nnx.Module):
    """Learned correction to constant-velocity motion; state is (x, y, vx, vy)."""

    def __init__(self, rngs: nnx.Rngs):
        self.lin = nnx.Linear(4, 4, rngs=rngs)

    def __call__(self, s):
        x, y, vx, vy = jnp.moveaxis(s, -1, 0)
        cv = jnp.stack([x + vx, y + vy, vx, vy], axis=-1)
        return cv + 0.05 * self.lin(s)


def make_propagate(cfg: TrackerConfig, motion: MotionModel):
    def propagate(particles):
        rngs = nnx.Rngs(noise=cfg.seed)
        noise = cfg.process_noise * jax.random.normal(rngs.noise(), particles.shape)
        return motion(particles) + noise, noise

    return propagate


class PlayerTracker:
    def __init__(self, cfg: TrackerConfig, motion: MotionModel):
        self.cfg = cfg
        self.propagate = make_propagate(cfg, motion)

    def track(self, start):
        cfg = self.cfg
        particles = jnp.tile(start, (cfg.n_particles, 1))

        def cond(carry):
            return carry[0] < cfg.n_frames

        def body(carry):
            t, particles, log = carry
            particles, noise = self.propagate(particles)
            return t + 1, particles, log.at[t].set(noise)

        init = (0, particles, jnp.zeros((cfg.n_frames, cfg.n_particles, 4)))
        _, _, noise_log = lax.while_loop(cond, body, init)
        return noise_log


def main():
    cfg = TrackerConfig()
    tracker = PlayerTracker(cfg, MotionModel(nnx.Rngs(1)))
    return tracker.track(jnp.array([52.5, 34.0, 1.2, -0.4]))
