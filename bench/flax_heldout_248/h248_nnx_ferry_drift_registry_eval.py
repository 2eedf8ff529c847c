# label: ok
# flax-error: none
# class: 5 the model, built from a config name by a registry and put in evaluation mode, reaches the scan body through the step closure made by make_crossing_step
"""Cross-current drift report for river ferry crossings; the model is chosen by config name."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


@dataclass(frozen=True)
class DriftConfig:
    model: str = "current"
    features: int = 3
    hidden: int = 8
    seed: int = 1


class CurrentNet(nnx.Module):
    def __init__(self, cfg: DriftConfig, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(cfg.features, cfg.hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(cfg.hidden, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.norm(self.inp(x)))).squeeze(-1)


class TideNet(nnx.Module):
    def __init__(self, cfg: DriftConfig, *, rngs: nnx.Rngs):
        self.out = nnx.Linear(cfg.features, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(x).squeeze(-1)


MODEL_BUILDERS = {"current": CurrentNet, "tide": TideNet}


def build_model(cfg: DriftConfig) -> nnx.Module:
    return MODEL_BUILDERS[cfg.model](cfg, rngs=nnx.Rngs(cfg.seed))


def make_crossing_step(model):
    def crossing(worst, x):
        drift = model(x)
        return jnp.maximum(worst, jnp.abs(drift).max()), drift.mean()

    return crossing


def drift_report(model, crossings):
    model.eval()
    step = make_crossing_step(model)
    return lax.scan(step, jnp.float32(0.0), crossings)


def logged_crossings(n=5, size=4, features=3):
    t = jnp.arange(n * size * features, dtype=jnp.float32)
    return jnp.sin(0.37 * t).reshape(n, size, features)


def main():
    model = build_model(DriftConfig())
    worst, means = drift_report(model, logged_crossings())
    jax.block_until_ready((worst, means))
    return None
