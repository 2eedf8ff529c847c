# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 PipeVoicer.setup wraps RankBlock in nn.remat when VoicingConfig.remat_ranks is set, and the remat-wrapped submodule is called in PipeVoicer's lax.scan body
"""Pipe-organ voicing assistant.

For each rank of pipes the model predicts the loudness correction a voicer should apply, rank
after rank, with a recurrent state carrying the balance of the ranks voiced so far. Long
instruments have many ranks, so the rank block is rematerialised when the config asks for it.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class VoicingConfig:
    features: int = 8
    remat_ranks: bool = True


class RankBlock(nn.Module):
    features: int

    @nn.compact
    def __call__(self, balance, pipes):
        return jnp.tanh(nn.Dense(self.features, name="balance")(balance)
                        + nn.Dense(self.features, name="pipes")(pipes))


class PipeVoicer(nn.Module):
    config: VoicingConfig

    def setup(self):
        block_cls = nn.remat(RankBlock) if self.config.remat_ranks else RankBlock
        self.rank_block = block_cls(self.config.features)
        self.to_decibels = nn.Dense(1)

    def __call__(self, ranks):
        balance = jnp.zeros((ranks.shape[1], self.config.features))
        if self.is_initializing():
            self.rank_block(balance, ranks[0])  # parameters are created outside the loop

        def voice_rank(balance, pipes):
            balance = self.rank_block(balance, pipes)
            return balance, balance

        _, per_rank = lax.scan(voice_rank, balance, ranks)
        return self.to_decibels(per_rank)[..., 0]


def build_voicer(config: VoicingConfig, sample_ranks, seed: int = 0):
    voicer = PipeVoicer(config)
    variables = voicer.init(jax.random.key(seed), sample_ranks)
    return voicer, variables


def main():
    # 5 ranks, 7 pipes per rank, 3 measurements per pipe (scale, mouth cut-up, wind pressure)
    ranks = jnp.linspace(0.2, 1.4, 5 * 7 * 3).reshape(5, 7, 3)
    voicer, variables = build_voicer(VoicingConfig(), ranks)
    corrections = voicer.apply(variables, ranks)
    mean_correction = float(corrections.mean())
    return None
