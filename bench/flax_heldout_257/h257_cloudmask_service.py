# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the while_loop body in MaskRefinementService reaches the segmenter and its variables through self.pipeline and applies it with the service config's train flag
"""Iterative cloud-mask refinement service built on a segmenter picked from a registry by name."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as fnn


class TinyCloudNet(fnn.Module):
    features: int = 6

    @fnn.compact
    def __call__(self, tile, train: bool = False):
        x = fnn.Conv(self.features, (3, 3))(tile)
        x = fnn.BatchNorm(use_running_average=not train)(x)
        x = fnn.swish(x)
        return fnn.Conv(1, (1, 1))(x)[..., 0]


SEGMENTERS = {"tiny-cloudnet": TinyCloudNet}


@dataclass(frozen=True)
class ServiceConfig:
    segmenter: str = "tiny-cloudnet"
    train: bool = True
    max_rounds: int = 5
    tolerance: float = 1e-2


class SegmentationPipeline:
    def __init__(self, name, sample_tile, seed=0):
        self.segmenter = SEGMENTERS[name]()
        self.variables = self.segmenter.init(jax.random.key(seed), sample_tile)

    def forward(self, tile, train):
        return self.segmenter.apply(self.variables, tile, train=train)


class MaskRefinementService:
    def __init__(self, config: ServiceConfig, pipeline: SegmentationPipeline):
        self.config = config
        self.pipeline = pipeline

    def refine(self, tile):
        cfg = self.config

        def unsettled(state):
            rounds, _, change = state
            return (rounds < cfg.max_rounds) & (change > cfg.tolerance)

        def one_round(state):
            rounds, mask, _ = state
            masked = tile * (1.0 - mask[..., None])
            logits = self.pipeline.segmenter.apply(self.pipeline.variables, masked, train=cfg.train)
            new_mask = jax.nn.sigmoid(logits)
            return rounds + 1, new_mask, jnp.abs(new_mask - mask).mean()

        start = (0, jnp.zeros(tile.shape[:-1]), jnp.asarray(1.0))
        _, mask, _ = jax.lax.while_loop(unsettled, one_round, start)
        return mask


def main():
    tile = jax.random.uniform(jax.random.key(0), (2, 8, 8, 4))
    config = ServiceConfig()
    service = MaskRefinementService(config, SegmentationPipeline(config.segmenter, tile))
    mask = service.refine(tile)
    jax.block_until_ready(mask)
