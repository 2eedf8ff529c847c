# label: ok
# flax-error: none
# class: 5 make_bid_step(cfg, ...) returns a step function that folds the auction index into jax.random.key(cfg.seed) before model.apply in the scan body
"""Ad-auction bid shading: a policy shades the bid below the bidder's valuation in
first-price auctions, with Gaussian exploration so the shading curve keeps being learned.
A frozen config drives a factory that builds the per-auction step used in replay."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class ShadingConfig:
    seed: int = 17
    explore_scale: float = 0.05
    n_auctions: int = 10


class BidShader(nn.Module):
    explore_scale: float

    @nn.compact
    def __call__(self, context):
        h = nn.gelu(nn.Dense(16)(context))
        shade = nn.sigmoid(nn.Dense(1)(h))[0]
        noise = self.explore_scale * jax.random.normal(self.make_rng("explore"), ())
        return jnp.clip(shade + noise, 0.0, 1.0), noise


def make_bid_step(cfg: ShadingConfig, model: BidShader, params):
    def bid_step(budget, auction):
        index, context, valuation = auction
        key = jax.random.fold_in(jax.random.key(cfg.seed), index)
        shade, noise = model.apply({"params": params}, context, rngs={"explore": key})
        bid = shade * valuation
        return budget - bid, noise

    return bid_step


class ReplayHarness:
    def __init__(self, cfg: ShadingConfig):
        self.cfg = cfg
        self.model = BidShader(cfg.explore_scale)
        init_rngs = {"params": jax.random.key(0), "explore": jax.random.key(1)}
        self.params = self.model.init(init_rngs, jnp.zeros((6,)))["params"]

    def replay(self, contexts, valuations, budget):
        step = make_bid_step(self.cfg, self.model, self.params)
        index = jnp.arange(contexts.shape[0])
        _, noises = lax.scan(step, budget, (index, contexts, valuations))
        return noises


def main():
    cfg = ShadingConfig()
    harness = ReplayHarness(cfg)
    contexts = jax.random.normal(jax.random.key(2), (cfg.n_auctions, 6))
    valuations = jax.random.uniform(jax.random.key(3), (cfg.n_auctions,), minval=0.5, maxval=2.0)
    return harness.replay(contexts, valuations, jnp.asarray(100.0))
