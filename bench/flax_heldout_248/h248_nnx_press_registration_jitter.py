# label: same-values
# flax-error: none
# class: 5 the scan body builds the jitter layer through a functools.partial of make_registration_jitter, which seeds its rngs from the config
"""Registration jitter between colour plates on a printing press, for proof runs."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx

scan = jax.lax.scan


@dataclass(frozen=True)
class JitterConfig:
    width: int = 6
    scale: float = 0.5
    seed: int = 4


class RegistrationJitter(nnx.Module):
    def __init__(self, width: int, scale: float, *, rngs: nnx.Rngs):
        self.rngs = rngs
        self.scale = nnx.Param(jnp.full((width,), scale))

    def __call__(self, marks):
        return marks + self.scale[...] * jax.random.normal(self.rngs.jitter(), marks.shape)


def make_registration_jitter(cfg: JitterConfig, rngs: nnx.Rngs | None = None):
    rngs = rngs if rngs is not None else nnx.Rngs(jitter=cfg.seed)
    return RegistrationJitter(cfg.width, cfg.scale, rngs=rngs)


def proof_run(cfg: JitterConfig, marks, impressions: int):
    build = functools.partial(make_registration_jitter, cfg)

    def impression(carry, _):
        jitter = build()
        return carry, jitter(marks)

    _, offsets = scan(impression, None, None, length=impressions)
    return offsets


def main():
    cfg = JitterConfig()
    marks = jnp.zeros((cfg.width,), dtype=jnp.float32)
    return proof_run(cfg, marks, impressions=5)
