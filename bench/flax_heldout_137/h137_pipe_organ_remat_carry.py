# label: ok
# flax-error: none
# class: 5 the voicing model wraps its resonator blocks in nn.remat; a TuningSession's step built by make_tuning_step calls model.apply(..., mutable=["batch_stats"]) inside lax.scan and carries the batch_stats
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


def make_tuning_step(model, params, gain):
    def step(carry, _):
        pipes, batch_stats = carry
        correction, updates = model.apply({"params": params, "batch_stats": batch_stats}, pipes,
                                          mutable=["batch_stats"])
        return (pipes - gain * correction, updates["batch_stats"]), jnp.abs(correction).mean()

    return step


@dataclass
class TuningSession:
    spec: RankSpec
    step: object
    batch_stats: dict
    history: list = field(default_factory=list)

    def sweep(self, pipes):
        (pipes, self.batch_stats), drift = lax.scan(self.step, (pipes, self.batch_stats), None,
                                                    length=self.spec.sweeps)
        self.history.append(drift)
        return pipes


def main():
    spec = RankSpec("principal-8")
    model = VoicingModel()
    pipes = jax.random.normal(jax.random.key(0), (spec.pipes, 8))
    variables = model.init(jax.random.key(1), pipes)
    session = TuningSession(spec, make_tuning_step(model, variables["params"], gain=0.05),
                            variables["batch_stats"])
    session.sweep(pipes).block_until_ready()
    return None
