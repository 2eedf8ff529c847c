# label: same-values
# flax-error: none
# class: 1 a robustness sweep folds the trial id (not the step) into the trial's base key inside the scan body; returns the input noise per step
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class SweepConfig:
    noise_levels: tuple = (0.05, 0.2)
    steps: int = 5
    seed: int = 0


class Regressor(nnx.Module):
    def __init__(self, din, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))


def build_model(cfg: SweepConfig):
    return Regressor(4, rngs=nnx.Rngs(cfg.seed))


class RobustnessSweep:
    def __init__(self, cfg: SweepConfig, model):
        self.cfg, self.model = cfg, model
        self.base_key = nnx.Rngs(noise=cfg.seed + 1).noise()

    def run_trial(self, trial_id, sigma, batches):
        def body(err, x):
            key = jax.random.fold_in(self.base_key, trial_id)
            noise = sigma * jax.random.normal(key, x.shape)
            return err + jnp.mean((self.model(x + noise) - self.model(x)) ** 2), noise

        _, noises = scan(body, jnp.float32(0), batches)
        return noises

    def run(self, batches):
        return [self.run_trial(i, s, batches) for i, s in enumerate(self.cfg.noise_levels)]


def main():
    cfg = SweepConfig()
    batches = jax.random.normal(jax.random.key(9), (cfg.steps, 8, 4))
    sweep = RobustnessSweep(cfg, build_model(cfg))
    return jnp.stack(sweep.run(batches), axis=1)
