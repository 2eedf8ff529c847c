# label: ok
# flax-error: none
# class: 5 a BidShader keeps functools.partial(model.apply, variables) and a base key; make_auction_step returns the scan step that folds the auction tick into the key
"""Bid shading for a real-time ad exchange: the policy explores around its shading factor."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class ShadingPolicy(nn.Module):
    hidden: int = 16
    explore_scale: float = 0.05

    @nn.compact
    def __call__(self, features):
        h = nn.relu(nn.Dense(self.hidden)(features))
        shade = nn.sigmoid(nn.Dense(1)(h))[..., 0]
        offset = self.explore_scale * jax.random.normal(self.make_rng("explore"), shade.shape)
        return jnp.clip(shade + offset, 0.0, 1.0), offset


@dataclass(frozen=True)
class ExchangeConfig:
    floor_price: float = 0.2
    exploration_seed: int = 11
    budget: float = 100.0


class BidShader:
    def __init__(self, model, variables, config):
        self.key = jax.random.key(config.exploration_seed)
        self.policy_fn = functools.partial(model.apply, variables)
        self.config = config


def make_auction_step(shader):
    floor = shader.config.floor_price

    def step(budget, request):
        key = jax.random.fold_in(shader.key, request["tick"])
        shade, offset = shader.policy_fn(request["features"], rngs={"explore": key})
        bids = jnp.maximum(request["value"] * shade, floor)
        return budget - jnp.sum(bids), offset

    return step


def main():
    config = ExchangeConfig()
    model = ShadingPolicy()
    k_feat, k_val, k_init = jax.random.split(jax.random.key(0), 3)
    requests = {
        "features": jax.random.normal(k_feat, (6, 4, 5)),
        "value": jax.random.uniform(k_val, (6, 4)),
        "tick": jnp.arange(6),
    }
    variables = model.init({"params": k_init, "explore": k_init}, requests["features"][0])
    shader = BidShader(model, variables, config)
    step = make_auction_step(shader)
    _, offsets = scan(step, jnp.asarray(config.budget), requests)
    return offsets
