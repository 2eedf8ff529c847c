# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(resonator_0)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the voicing model wraps its resonator blocks in nn.remat; a TuningSession's step built by make_tuning_step calls model.apply(variables, ...) inside lax.scan without marking batch_stats mutable
"""Pipe organ voicing: iteratively retune rank pipes with a rematerialised resonator network."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class ResonatorBlock(nn.Module):
    width: int

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.width)(x)
        h = nn.BatchNorm(use_running_average=False, momentum=0.95)(h)
        return x + nn.gelu(h)


class VoicingModel(nn.Module):
    width: int = 8
    depth: int = 2

    @nn.compact
    def __call__(self, pipes):
        block_cls = nn.remat(ResonatorBlock)
        for i in range(self.depth):
            pipes = block_cls(self.width, name=f"resonator_{i}")(pipes)
        return pipes


@dataclass(frozen=True)
class RankSpec:
    name: str
    pipes: int = 12
    sweeps: int = 4


def make_tuning_step(model, variables, gain):
    def step(pipes, _):
        correction = model.apply(variables, pipes)
        return pipes - gain * correction, jnp.abs(correction).mean()

    return step


@dataclass
class TuningSession:
    spec: RankSpec
    step: object
    history: list = field(default_factory=list)

    def sweep(self, pipes):
        pipes, drift = lax.scan(self.step, pipes, None, length=self.spec.sweeps)
        self.history.append(drift)
        return pipes


def main():
    spec = RankSpec("principal-8")
    model = VoicingModel()
    pipes = jax.random.normal(jax.random.key(0), (spec.pipes, 8))
    variables = model.init(jax.random.key(1), pipes)
    session = TuningSession(spec, make_tuning_step(model, variables, gain=0.05))
    session.sweep(pipes).block_until_ready()
    return None
