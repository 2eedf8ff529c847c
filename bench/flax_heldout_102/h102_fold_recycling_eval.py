# label: ok
# flax-error: none
# class: 5 a functools.partial(model.apply, variables) kept on the folding pipeline runs the trunk in inference mode (BatchNorm on running averages) in every recycling iteration of the fori_loop
"""Protein structure inference with recycling: the trunk is re-run on its own previous outputs."""
from __future__ import annotations

import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

AMINO = "ACDEFGHIKLMNPQRSTVWY"


@dataclasses.dataclass(frozen=True)
class FoldConfig:
    dim: int = 16
    num_recycle: int = 3
    deterministic: bool = False  # shared with the training config


class RecyclingEmbedder(nn.Module):
    dim: int

    @nn.compact
    def __call__(self, prev_single, prev_pos):
        d = jnp.linalg.norm(prev_pos[:, None] - prev_pos[None], axis=-1)
        contact = jnp.mean(jnp.exp(-d), axis=-1, keepdims=True)
        return nn.LayerNorm()(prev_single) + nn.Dense(self.dim)(contact)


class Trunk(nn.Module):
    cfg: FoldConfig

    @nn.compact
    def __call__(self, seq_onehot, prev_single, prev_pos):
        x = nn.Dense(self.cfg.dim)(seq_onehot) + RecyclingEmbedder(self.cfg.dim)(prev_single, prev_pos)
        x = nn.BatchNorm(use_running_average=self.cfg.deterministic)(x)
        single = nn.gelu(nn.Dense(self.cfg.dim)(x))
        return single, nn.Dense(3)(single)


class FoldingPipeline:
    def __init__(self, cfg: FoldConfig, model: Trunk, variables):
        self.cfg = cfg
        self._forward = functools.partial(model.apply, variables)

    @staticmethod
    def featurize(sequence: str):
        idx = jnp.array([AMINO.index(a) for a in sequence])
        return jax.nn.one_hot(idx, len(AMINO))

    def predict(self, sequence: str):
        feats = self.featurize(sequence)
        n = feats.shape[0]
        init = (jnp.zeros((n, self.cfg.dim)), jnp.zeros((n, 3)))

        def recycle(i, prev):
            return self._forward(feats, *prev)

        single, pos = lax.fori_loop(0, self.cfg.num_recycle, recycle, init)
        return pos


def build_pipeline(cfg: FoldConfig, seed: int = 0) -> FoldingPipeline:
    cfg = dataclasses.replace(cfg, deterministic=True)  # serving: BatchNorm on running averages
    model = Trunk(cfg)
    dummy = FoldingPipeline.featurize("ACDE")
    variables = model.init(jax.random.key(seed), dummy, jnp.zeros((4, cfg.dim)), jnp.zeros((4, 3)))
    return FoldingPipeline(cfg, model, variables)


def main():
    pipeline = build_pipeline(FoldConfig())
    pipeline.predict("MKTAYIAKQRQISFVKSHFSRQ")
    return None
