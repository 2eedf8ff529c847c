# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the local nnx.Rngs of simulate_race is drawn from (rngs.chip()) inside the scan body for each timing mat
"""Marathon timing: simulates chip-read jitter at each timing mat for a wave of runners."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


@dataclass(frozen=True)
class CourseConfig:
    n_mats: int = 9
    n_runners: int = 12
    jitter_s: float = 0.4


class SplitPredictor(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.pace = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, runner_features):
        return 300.0 + 30.0 * jnp.tanh(self.pace(runner_features)).squeeze(-1)


def simulate_race(model: SplitPredictor, runners, cfg: CourseConfig, seed: int):
    rngs = nnx.Rngs(seed, chip=seed + 1)
    expected = model(runners)

    def body(clock, mat_index):
        jitter = cfg.jitter_s * jax.random.normal(rngs.chip(), (cfg.n_runners,))
        clock = clock + expected
        return clock, clock + jitter

    _, reads = scan(body, jnp.zeros(cfg.n_runners), jnp.arange(cfg.n_mats))
    return reads


def main():
    cfg = CourseConfig()
    runners = jax.random.normal(jax.random.key(0), (cfg.n_runners, 3))
    model = SplitPredictor(rngs=nnx.Rngs(0))
    reads = simulate_race(model, runners, cfg, seed=42)
    return reads - reads.mean(axis=1, keepdims=True)
