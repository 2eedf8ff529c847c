# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "calls" in "/" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 an experiment runner built from a nested config wraps its scan body in jax.checkpoint; the body calls model.apply(variables) on a model that counts calls in a "stats" collection
"""Experiment runner: everything (model, data, loop) is built from a nested config."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class ModelConfig:
    width: int = 8
    depth: int = 2


@dataclasses.dataclass(frozen=True)
class LoopConfig:
    remat: bool = True
    steps: int = 4


@dataclasses.dataclass(frozen=True)
class ExperimentConfig:
    model: ModelConfig = ModelConfig()
    loop: LoopConfig = LoopConfig()


class ResidualMLP(nn.Module):
    cfg: ModelConfig

    @nn.compact
    def __call__(self, x):
        calls = self.variable("stats", "calls", lambda: jnp.zeros((), jnp.int32))
        calls.value += 1
        for _ in range(self.cfg.depth):
            x = x + nn.Dense(self.cfg.width)(nn.gelu(x))
        return x


class ExperimentRunner:
    def __init__(self, cfg: ExperimentConfig):
        self.cfg = cfg
        self.model = ResidualMLP(cfg.model)

    def setup(self, rng):
        x = jnp.ones((2, self.cfg.model.width))
        self.variables = self.model.init(rng, x)
        return x

    def make_body(self):
        def body(x, _):
            y = self.model.apply(self.variables, x)
            return y, jnp.mean(y)

        return jax.checkpoint(body) if self.cfg.loop.remat else body

    def run(self, rng):
        x = self.setup(rng)
        _, trace = jax.lax.scan(self.make_body(), x, None, length=self.cfg.loop.steps)
        return trace


def main():
    ExperimentRunner(ExperimentConfig()).run(jax.random.key(0))
    return None
