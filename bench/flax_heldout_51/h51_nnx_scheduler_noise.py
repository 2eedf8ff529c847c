# label: same-values
# flax-error: none
# class: 2 a gradient-noise injector built from a config draws one key from its nnx.Rngs stream before the fori_loop and the body reuses it
"""Gradient-noise injection driven by a config dataclass: a GradientNoise helper draws its key
from an nnx.Rngs 'noise' stream and a schedule object computes the decayed noise scale; the
update loop is a jax.lax.fori_loop. main() returns the unit noise drawn at each step."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class NoiseConfig:
    eta: float = 0.3
    gamma: float = 0.55
    seed: int = 7
    steps: int = 6


class PolySchedule:
    def __init__(self, cfg):
        self.cfg = cfg

    def __call__(self, step):
        return jnp.sqrt(self.cfg.eta / (1.0 + step) ** self.cfg.gamma)


class GradientNoise:
    def __init__(self, cfg):
        self.rngs = nnx.Rngs(noise=cfg.seed)
        self.schedule = PolySchedule(cfg)

    def unit_noise(self, shape):
        key = self.rngs.noise()
        return lambda step: jax.random.normal(key, shape)


class Model(nnx.Module):
    def __init__(self, rngs):
        self.w = nnx.Linear(4, 1, rngs=rngs)


def main():
    cfg = NoiseConfig()
    model = Model(nnx.Rngs(0))
    grads_like = model.w.kernel.value
    injector = GradientNoise(cfg)
    draw = injector.unit_noise(grads_like.shape)

    def body(i, carry):
        w, noise_log = carry
        z = draw(i)
        w = w - 0.1 * (jnp.ones_like(w) + injector.schedule(i) * z)
        return w, noise_log.at[i].set(z)

    w, noise_log = jax.lax.fori_loop(
        0, cfg.steps, body, (grads_like, jnp.zeros((cfg.steps,) + grads_like.shape)))
    return noise_log
