# label: ok
# flax-error: none
# class: 5 the VoicingStack method scans over the organ ranks calling a shared nn.remat(VoicingBlock) wrapper; the report pass runs with train=False so "batch_stats" is only read
"""Pipe-organ voicing assistant: each rank of pipes is passed through a shared,
rematerialised voicing block that normalises the measured harmonic spectrum."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclass(frozen=True)
class VoicingConfig:
    n_harmonics: int = 12
    n_ranks: int = 5


class VoicingBlock(nn.Module):
    features: int

    @nn.compact
    def __call__(self, spectrum, train: bool):
        h = nn.Dense(self.features)(spectrum)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return spectrum + nn.gelu(h)


RematVoicingBlock = nn.remat(VoicingBlock, static_argnums=(2,))


class VoicingStack(nn.Module):
    cfg: VoicingConfig

    def setup(self):
        self.block = RematVoicingBlock(self.cfg.n_harmonics)

    def voice_one(self, spectrum, train: bool = False):
        return self.block(spectrum, train)

    def __call__(self, ranks, train: bool = False):
        def voice_rank(carry, spectrum):
            out = self.block(spectrum, train)
            return carry + jnp.abs(out - spectrum).mean(), out

        detune, voiced = lax.scan(voice_rank, jnp.zeros(()), ranks)
        return voiced, detune


def main():
    cfg = VoicingConfig()
    stack = VoicingStack(cfg)
    ranks = jax.random.normal(jax.random.key(0), (cfg.n_ranks, 4, cfg.n_harmonics))
    variables = stack.init(jax.random.key(1), ranks[0], method=VoicingStack.voice_one)
    voiced, detune = stack.apply(variables, ranks, train=False)
    print(f"mean detune {float(detune):.3f}")
    return None
