# label: same-values
# flax-error: none
# class: 5 a frozen dataclass config carries the seed; the lax.while_loop body builds nnx.Rngs(perturb=cfg.seed) and draws the stochastic perturbation from it every lead time
"""Stochastic ensemble forecast with a small NNX grid emulator: at each lead time the
state is perturbed before the emulator step (SPPT-like perturbations)."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class EnsembleConfig:
    lead_times: int = 8
    perturb_scale: float = 0.05
    seed: int = 0


class GridEmulator(nnx.Module):
    def __init__(self, channels: int, hidden: int, *, rngs: nnx.Rngs):
        self.conv_in = nnx.Conv(channels, hidden, (3, 3), padding="CIRCULAR", rngs=rngs)
        self.conv_out = nnx.Conv(hidden, channels, (3, 3), padding="CIRCULAR", rngs=rngs)

    def __call__(self, x):
        return x + 0.1 * self.conv_out(nnx.gelu(self.conv_in(x)))


def perturb(cfg, x):
    rngs = nnx.Rngs(perturb=cfg.seed)
    return cfg.perturb_scale * jax.random.normal(rngs.perturb(), x.shape)


def forecast(model, cfg, x0):
    def cond(carry):
        return carry[0] < cfg.lead_times

    def body(carry):
        t, x, noise_buf = carry
        noise = perturb(cfg, x)
        x = model(x + noise)
        return t + 1, x, noise_buf.at[t].set(noise)

    noise_buf = jnp.zeros((cfg.lead_times, *x0.shape))
    _, _, noises = lax.while_loop(cond, body, (0, x0, noise_buf))
    return noises


def main():
    cfg = EnsembleConfig()
    model = GridEmulator(channels=3, hidden=16, rngs=nnx.Rngs(0))
    x0 = jax.random.normal(jax.random.key(1), (2, 8, 16, 3))  # members, lat, lon, vars
    return forecast(model, cfg, x0)
