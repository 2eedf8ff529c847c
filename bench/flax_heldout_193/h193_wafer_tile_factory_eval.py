# label: ok
# flax-error: none
# class: 5 make_tile_scorer(model, variables, config) returns a closure over model.apply with BatchNorm in inference mode; the fori_loop body calls it (nn.remat conv blocks)
"""Semiconductor wafer inspection: each wafer map is cut into tiles and a small CNN scores every
tile for defects; the wafer is rejected when the worst tile passes the threshold. Conv blocks are
rematerialised because the production model runs on 512x512 tiles."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class ConvBlock(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Conv(self.features, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.relu(x)


class DefectNet(nn.Module):
    @nn.compact
    def __call__(self, tile, train: bool = False):
        Block = nn.remat(ConvBlock, static_argnums=(2,))
        x = Block(8)(tile, train)
        x = Block(8)(x, train)
        return nn.Dense(1)(x.mean(axis=(0, 1)))[0]


@dataclasses.dataclass(frozen=True)
class InspectionConfig:
    reject_threshold: float = 0.5
    # BatchNorm recalibration runs set this; inspection uses the stored statistics
    bn_train_mode: bool = False


def make_tile_scorer(model, variables, config: InspectionConfig):
    def score(tile):
        return jax.nn.sigmoid(model.apply(variables, tile, train=config.bn_train_mode))
    return score


class Inspector:
    def __init__(self, scorer, config: InspectionConfig):
        self.scorer = scorer
        self.config = config

    def inspect(self, tiles):
        def body(i, worst):
            return jnp.maximum(worst, self.scorer(tiles[i]))

        worst = fori_loop(0, tiles.shape[0], body, jnp.zeros(()))
        return worst > self.config.reject_threshold, worst


def main():
    tiles = jax.random.normal(jax.random.key(8), (6, 8, 8, 1))
    model = DefectNet()
    variables = model.init(jax.random.key(0), tiles[0])
    config = InspectionConfig()
    inspector = Inspector(make_tile_scorer(model, variables, config), config)
    rejected, worst = inspector.inspect(tiles)
    print("rejected:", bool(rejected), "worst tile score:", float(worst))
    return None
