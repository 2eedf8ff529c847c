# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 module-level rollout function receives the NNX model and calls it (Dropout with its own Rngs) inside a raw lax.scan closure
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
    def advance(x, _):
        x = model(x)
        return x, x

    _, traj = jax.lax.scan(advance, x0, None, length=steps)
    return traj


def main():
    cfg = RolloutConfig()
    model = Emulator(cfg, nnx.Rngs(params=0, dropout=1))
    rollout(model, jnp.ones((8, cfg.channels)), cfg.steps)
    return None
