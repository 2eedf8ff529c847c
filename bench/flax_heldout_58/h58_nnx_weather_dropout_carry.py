# label: ok
# flax-error: none
# class: 1 module-level rollout function passes the NNX model (Dropout with its own Rngs) through the raw lax.scan carry
"""Stochastic weather emulator rollout (NNX): dropout kept on for ensemble spread."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass
class RolloutConfig:
    channels: int = 6
    hidden: int = 24
    steps: int = 4
    drop: float = 0.1


class Emulator(nnx.Module):
    def __init__(self, cfg: RolloutConfig, rngs: nnx.Rngs):
        self.enc = nnx.Linear(cfg.channels, cfg.hidden, rngs=rngs)
        self.drop = nnx.Dropout(cfg.drop, rngs=rngs)
        self.dec = nnx.Linear(cfg.hidden, cfg.channels, rngs=rngs)

    def __call__(self, x):
        return x + self.dec(self.drop(nnx.gelu(self.enc(x))))


def rollout(model, x0, steps):
    def advance(carry, _):
        model, x = carry
        x = model(x)
        return (model, x), x

    (model, _), traj = jax.lax.scan(advance, (model, x0), None, length=steps)
    return model, traj


def main():
    cfg = RolloutConfig()
    model = Emulator(cfg, nnx.Rngs(params=0, dropout=1))
    model, _ = rollout(model, jnp.ones((8, cfg.channels)), cfg.steps)
    return None
