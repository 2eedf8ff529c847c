# label: ok
# flax-error: none
# class: 5 build_sampler() is a factory that draws one key from the nnx.Rngs "gust" stream at build time and returns a fori_loop step assembled from small pure functions; each step folds its index into that key
"""Wind-turbine load forecasting: samples gust-load scenarios for one turbine by running a
dropout-perturbed load model; the sampling step is assembled by a factory."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


@dataclass(frozen=True)
class LoadConfig:
    n_inputs: int = 5  # wind speed, direction, shear, turbulence, pitch
    hidden: int = 12
    dropout: float = 0.2
    n_scenarios: int = 6


class LoadModel(nnx.Module):
    def __init__(self, cfg: LoadConfig, rngs: nnx.Rngs):
        self.enc = nnx.Linear(cfg.n_inputs, cfg.hidden, rngs=rngs)
        self.drop = nnx.Dropout(cfg.dropout)
        self.out = nnx.Linear(cfg.hidden, 2, rngs=rngs)  # flapwise, edgewise moment

    def __call__(self, x, rngs):
        return self.out(self.drop(nnx.gelu(self.enc(x)), rngs=rngs))


def standardise(x):
    return (x - x.mean()) / (x.std() + 1e-3)


def add_bias(x):
    return jnp.concatenate([x[:-1], x[-1:] + 1.0])


def build_sampler(model, rngs, conditions):
    key = rngs.gust()
    prepared = add_bias(standardise(conditions))

    def step(i, loads):
        scenario_rngs = nnx.Rngs(dropout=jax.random.fold_in(key, i))
        return loads.at[i].set(model(prepared, scenario_rngs))

    return step


def main():
    cfg = LoadConfig()
    rngs = nnx.Rngs(params=0, gust=5)
    model = LoadModel(cfg, rngs)
    conditions = jnp.array([14.0, 220.0, 0.2, 0.12, 3.5])
    step = build_sampler(model, rngs, conditions)
    loads = fori_loop(0, cfg.n_scenarios, step, jnp.zeros((cfg.n_scenarios, 2)))
    print("scenario loads", loads)
    return loads
