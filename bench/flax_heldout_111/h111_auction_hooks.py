# label: same-values
# flax-error: none
# class: 4 the AuctionSimulator's hook list supplies the rngs dict in the while_loop body; its RngHook hands back the key it stored, the same one every auction
"""Ad auction bid shading: replays one ad slot through repeated auctions, shading the bid with a
learned multiplier plus exploration noise drawn from a hook-provided rng stream."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass(frozen=True)
class AuctionConfig:
    n_bidders: int = 4
    n_feats: int = 5
    n_auctions: int = 6


class BidShader(nn.Module):
    n_bidders: int

    @nn.compact
    def __call__(self, context):
        base = nn.sigmoid(nn.Dense(self.n_bidders)(context))
        jitter = 0.1 * jax.random.uniform(self.make_rng("shade"), base.shape, minval=-1.0, maxval=1.0)
        return jnp.clip(base + jitter, 0.05, 1.0)


class RngHook:
    def __init__(self, key):
        self.key = key

    def rngs(self, step):
        return {"shade": self.key}


class AuctionSimulator:
    def __init__(self, model, variables, hooks, cfg: AuctionConfig):
        self.model = model
        self.variables = variables
        self.hooks = hooks
        self.cfg = cfg

    def _rngs(self, step):
        merged = {}
        for hook in self.hooks:
            merged.update(hook.rngs(step))
        return merged

    def replay(self, context):
        def more(state):
            return state[0] < self.cfg.n_auctions

        def auction(state):
            step, shades = state
            shade = self.model.apply(self.variables, context, rngs=self._rngs(step))
            return step + 1, shades.at[step].set(shade)

        init = (0, jnp.zeros((self.cfg.n_auctions, self.cfg.n_bidders)))
        _, shades = jax.lax.while_loop(more, auction, init)
        return shades


def main():
    cfg = AuctionConfig()
    model = BidShader(cfg.n_bidders)
    context = jnp.linspace(-1.0, 1.0, cfg.n_feats)
    variables = model.init({"params": jax.random.key(0), "shade": jax.random.key(1)}, context)
    sim = AuctionSimulator(model, variables, [RngHook(jax.random.key(42))], cfg)
    return sim.replay(context)
