# label: same-values
# flax-error: none
# class: 4 PourSimulator reaches the frozen SamplerConfig through self.runtime.cfg and builds the dropout key from cfg.seed inside the while_loop body
"""Bell foundry: sample pour outcomes (void fraction per bell section) with dropout as noise."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclass(frozen=True)
class SamplerConfig:
    seed: int = 7
    draws: int = 6
    rate: float = 0.25


@dataclass(frozen=True)
class CastingRuntime:
    cfg: SamplerConfig
    sections: int = 5


class VoidModel(nn.Module):
    sections: int
    rate: float

    @nn.compact
    def __call__(self, pour):
        h = nn.relu(nn.Dense(24)(pour))
        h = nn.Dropout(self.rate, deterministic=False)(h)
        return nn.sigmoid(nn.Dense(self.sections)(h))


class PourSimulator:
    def __init__(self, runtime, model, variables):
        self.runtime = runtime
        self.model = model
        self.variables = variables

    def draw_outcomes(self, pour):
        draws = self.runtime.cfg.draws
        buffer = jnp.zeros((draws, self.runtime.sections))

        def cond(state):
            return state[0] < draws

        def body(state):
            i, buffer = state
            key = jax.random.key(self.runtime.cfg.seed)
            voids = self.model.apply(self.variables, pour, rngs={"dropout": key})
            return i + 1, buffer.at[i].set(voids)

        _, buffer = lax.while_loop(cond, body, (0, buffer))
        return buffer


def main():
    runtime = CastingRuntime(SamplerConfig())
    pour = jnp.array([1180.0, 0.35, 42.0, 0.8]) / jnp.array([1200.0, 1.0, 60.0, 1.0])  # temp, tin, seconds, vent
    model = VoidModel(runtime.sections, runtime.cfg.rate)
    variables = model.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, pour)
    return PourSimulator(runtime, model, variables).draw_outcomes(pour)
