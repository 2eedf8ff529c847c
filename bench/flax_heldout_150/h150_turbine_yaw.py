# label: same-values
# flax-error: none
# class: 5 an lru_cache factory keyed on the module and a frozen ExplorationConfig returns a step that applies the policy with one dropout key fixed in the factory
"""Wind-farm yaw controller: exploratory sweeps of a dropout policy over a fixed wind field."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class YawPolicy(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, wind, train: bool = True):
        h = nn.relu(nn.Dense(self.hidden)(wind))
        h = nn.Dropout(0.3, deterministic=not train)(h)
        return nn.Dense(1)(h)


@dataclass(frozen=True)
class ExplorationConfig:
    seed: int = 7
    sweeps: int = 5


@functools.lru_cache(maxsize=8)
def make_exploration_step(model: YawPolicy, cfg: ExplorationConfig):
    dropout_key = jax.random.key(cfg.seed)

    def step(variables, wind, sweep_index):
        del sweep_index  # kept for the scheduler's signature
        return model.apply(variables, wind, train=True, rngs={"dropout": dropout_key})

    return step


class FarmController:
    def __init__(self, model, variables, cfg):
        self.cfg = cfg
        self.variables = variables
        self.step = make_exploration_step(model, cfg)

    def sweep(self, wind):
        n = self.cfg.sweeps

        def body(i, offsets):
            yaw = self.step(self.variables, wind, i)
            return offsets.at[i].set(yaw[:, 0])

        return fori_loop(0, n, body, jnp.zeros((n, wind.shape[0])))


def main():
    model = YawPolicy()
    wind = jax.random.normal(jax.random.key(0), (6, 3))
    variables = model.init(jax.random.key(1), wind, train=False)
    controller = FarmController(model, variables, ExplorationConfig())
    return controller.sweep(wind)
