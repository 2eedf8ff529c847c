# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 acquisition functions are nnx.jit-wrapped and kept in a decorator registry; the scan body looks one up and calls it with the captured classifier
"""Active learning for land-cover labelling of satellite tiles.

Acquisition functions are registered by name so the labelling campaign config can pick one; the
pool is scored shard by shard.
"""
import dataclasses
from typing import Callable, Dict

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan

ACQUISITION: Dict[str, Callable] = {}


def register(name: str):
    def wrap(fn):
        ACQUISITION[name] = nnx.jit(fn)
        return fn
    return wrap


class TileClassifier(nnx.Module):
    def __init__(self, bands: int, classes: int, rngs: nnx.Rngs):
        self.conv = nnx.Linear(bands, 32, rngs=rngs)
        self.head = nnx.Linear(32, classes, rngs=rngs)

    def __call__(self, tiles):
        return self.head(nnx.relu(self.conv(tiles)).mean(axis=-2))


@register("entropy")
def entropy_scores(model: TileClassifier, shard):
    probs = jax.nn.softmax(model(shard), axis=-1)
    return -jnp.sum(probs * jnp.log(probs + 1e-9), axis=-1)


@register("margin")
def margin_scores(model: TileClassifier, shard):
    top2 = jax.lax.top_k(jax.nn.softmax(model(shard), axis=-1), 2)[0]
    return top2[..., 1] - top2[..., 0]


@dataclasses.dataclass(frozen=True)
class CampaignConfig:
    acquisition: str = "entropy"
    budget: int = 10


class LabellingCampaign:
    def __init__(self, config: CampaignConfig, model: TileClassifier):
        self.config = config
        self.model = model

    def select(self, pool_shards):
        score_fn = ACQUISITION[self.config.acquisition]

        def body(offset, shard):
            return offset + shard.shape[0], score_fn(self.model, shard)

        _, scores = scan(body, 0, pool_shards)
        return jnp.argsort(-scores.reshape(-1))[: self.config.budget]


def main():
    pool = jax.random.normal(jax.random.key(21), (4, 8, 9, 6))
    campaign = LabellingCampaign(CampaignConfig(), TileClassifier(6, 5, nnx.Rngs(0)))
    campaign.select(pool)
    return None
