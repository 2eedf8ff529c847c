# label: same-values
# flax-error: none
# class: 5 an Evaluator keeps functools.partial(model.apply, variables, rngs={'dropout': key}) as self._predict; the while_loop body calls it
"""Cheese-cave climate: an affinage house forecasts rind humidity for the next day with MC
dropout and keeps drawing until the requested number of samples is reached."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class CaveConfig:
    sensors: int = 6
    draws: int = 5
    dropout_seed: int = 21


class RindHumidityNet(nn.Module):
    @nn.compact
    def __call__(self, climate, deterministic: bool = True):
        h = nn.tanh(nn.Dense(20)(climate))
        h = nn.Dropout(0.25, deterministic=deterministic)(h)
        return 80.0 + 10.0 * nn.tanh(nn.Dense(1)(h))[..., 0]


class Evaluator:
    def __init__(self, config: CaveConfig, model, variables):
        self.config = config
        key = jax.random.key(config.dropout_seed)
        self._predict = functools.partial(model.apply, variables, deterministic=False, rngs={"dropout": key})

    def humidity_draws(self, climate):
        n = self.config.draws

        def keep_drawing(state):
            i, _ = state
            return i < n

        def draw(state):
            i, buffer = state
            return i + 1, buffer.at[i].set(self._predict(climate))

        _, buffer = lax.while_loop(keep_drawing, draw, (0, jnp.zeros((n,) + climate.shape[:-1])))
        return buffer


def main():
    cfg = CaveConfig()
    climate = jax.random.normal(jax.random.key(0), (3, cfg.sensors))
    model = RindHumidityNet()
    variables = model.init(jax.random.key(1), climate)
    return Evaluator(cfg, model, variables).humidity_draws(climate)
