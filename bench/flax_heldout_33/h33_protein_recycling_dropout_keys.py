# label: ok
# flax-error: none
# class: 3 Folding splits self.make_rng('dropout') into one key per recycle and scans over them; the body hands each key to PairStack, whose nn.Dropout (deterministic from the FoldConfig dataclass) uses it via rng=
"""Miniature AlphaFold-style structure module with recycling.

Pair features are refined by a pair stack; the outputs of one pass are fed back
(recycled) into the next. During training the pair stack uses row-wise dropout,
and the dropped pair features of every recycle are returned for inspection.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class FoldConfig:
    n_res: int = 6
    pair_dim: int = 8
    n_recycle: int = 4
    dropout_rate: float = 0.25
    deterministic: bool = False


class PairStack(nn.Module):
    cfg: FoldConfig

    @nn.compact
    def __call__(self, pair, recycled, rng=None):
        c = self.cfg
        # row-wise (shared across the second residue axis) dropout on the pair features,
        # resampled on every recycle as in Evoformer training
        dropped = nn.Dropout(c.dropout_rate, broadcast_dims=(1,), deterministic=c.deterministic)(pair, rng=rng)
        x = dropped + nn.Dense(c.pair_dim, name="recycle_proj")(nn.LayerNorm(name="recycle_norm")(recycled))
        update = nn.Dense(c.pair_dim, name="tri_update")(nn.relu(x))
        return x + update, dropped


class Folding(nn.Module):
    cfg: FoldConfig

    def setup(self):
        self.pair_embed = nn.Dense(self.cfg.pair_dim)
        self.pair_stack = PairStack(self.cfg)
        self.dist_head = nn.Dense(1)

    def __call__(self, rel_pos):
        pair = self.pair_embed(rel_pos)
        recycled = jnp.zeros_like(pair)
        # first pass from zero recycled features
        recycled, _ = self.pair_stack(pair, recycled)

        def recycle(recycled, key):
            recycled, dropped = self.pair_stack(pair, jax.lax.stop_gradient(recycled), rng=key)
            return recycled, dropped

        keys = jax.random.split(self.make_rng("dropout"), self.cfg.n_recycle - 1)
        recycled, drops = jax.lax.scan(recycle, recycled, keys)
        distances = nn.softplus(self.dist_head(recycled))[..., 0]
        return distances, drops


def relative_positions(n_res):
    idx = jnp.arange(n_res)
    rel = jnp.clip(idx[:, None] - idx[None, :], -3, 3) + 3
    return jax.nn.one_hot(rel, 7)


def main():
    cfg = FoldConfig()
    model = Folding(cfg)
    rel = relative_positions(cfg.n_res)
    variables = model.init({"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}, rel)
    distances, drops = model.apply(variables, rel, rngs={"dropout": jax.random.PRNGKey(2)})
    return drops
