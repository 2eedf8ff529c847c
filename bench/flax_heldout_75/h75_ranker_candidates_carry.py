# label: ok
# flax-error: none
# class: 3 a service object holds model.apply and the variables; batch_stats travel in the scan carry and come back through mutable=["batch_stats"]
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class RankerConfig:
    num_rounds: int = 4
    pool_size: int = 16
    item_dim: int = 8
    user_dim: int = 6
    hidden: int = 32


class CandidateTower(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, user, items, train: bool = True):
        u = nn.Dense(self.hidden, name="user_proj")(user)
        v = nn.Dense(self.hidden, name="item_proj")(items)
        h = nn.BatchNorm(use_running_average=not train, name="norm")(u[:, None, :] * v)
        return nn.Dense(1, name="score")(nn.relu(h))[..., 0]


class RankerService:
    def __init__(self, cfg: RankerConfig, variables):
        self.cfg = cfg
        self.model = CandidateTower(cfg.hidden)
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def score(self, batch_stats, user, items):
        scores, updates = self.model.apply(
            {"params": self.params, "batch_stats": batch_stats},
            user, items, train=True, mutable=["batch_stats"])
        return scores, updates["batch_stats"]

    def stats_snapshot(self):
        return jax.tree_util.tree_map(jnp.mean, self.batch_stats)


def generate_candidates(service: RankerService, user, pools):
    def round_fn(batch_stats, pool):
        scores, batch_stats = service.score(batch_stats, user, pool)
        return batch_stats, jnp.argmax(scores, axis=-1)

    batch_stats, picks = jax.lax.scan(round_fn, service.batch_stats, pools)
    service.batch_stats = batch_stats
    return picks


def main():
    cfg = RankerConfig()
    k_user, k_items, k_init = jax.random.split(jax.random.key(0), 3)
    user = jax.random.normal(k_user, (2, cfg.user_dim))
    pools = jax.random.normal(k_items, (cfg.num_rounds, 2, cfg.pool_size, cfg.item_dim))
    variables = CandidateTower(cfg.hidden).init(k_init, user, pools[0], train=False)
    service = RankerService(cfg, variables)
    generate_candidates(service, user, pools)
    service.stats_snapshot()
    return None
