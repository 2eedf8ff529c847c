# label: same-values
# flax-error: none
# class: 3 BellTuner keeps its dropout key on self.dropout_key; the jax.lax.while_loop body passes rngs={"dropout": self.dropout_key} to model.apply on every ensemble draw
"""Bell foundry tuning: an ensemble of stochastic passes predicts the partial
frequencies (hum, prime, tierce, quint, nominal) of a freshly cast bell."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class PartialPredictor(nn.Module):
    hidden: int = 24
    rate: float = 0.25

    @nn.compact
    def __call__(self, profile, deterministic: bool = True):
        h = nn.gelu(nn.Dense(self.hidden)(profile))
        h = nn.Dropout(self.rate)(h, deterministic=deterministic)
        return nn.Dense(5)(h)


@dataclasses.dataclass(frozen=True)
class TuningConfig:
    ensemble_size: int = 5
    seed: int = 17


class BellTuner:
    def __init__(self, model, variables, config):
        self.model = model
        self.variables = variables
        self.config = config
        self.dropout_key = jax.random.key(config.seed)

    def ensemble(self, profile):
        n = self.config.ensemble_size
        buffer = jnp.zeros((n, profile.shape[0], 5))

        def cond(state):
            return state[0] < n

        def body(state):
            i, buffer = state
            partials = self.model.apply(self.variables, profile, deterministic=False,
                                        rngs={"dropout": self.dropout_key})
            return i + 1, buffer.at[i].set(partials)

        _, buffer = jax.lax.while_loop(cond, body, (0, buffer))
        return buffer


def main():
    model = PartialPredictor()
    profile = jax.random.normal(jax.random.key(8), (3, 7))
    variables = model.init(jax.random.key(0), profile)
    return BellTuner(model, variables, TuningConfig()).ensemble(profile)
