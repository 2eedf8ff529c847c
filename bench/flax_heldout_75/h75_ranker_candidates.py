# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a service object holds model.bind(variables, mutable=["batch_stats"]); the scan body scores through it and the stats are read after the loop
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
        self.bound = self.model.bind(variables, mutable=["batch_stats"])

    def score(self, user, items):
        return self.bound(user, items, train=True)

    def stats_snapshot(self):
        return jax.tree_util.tree_map(jnp.mean, self.bound.variables["batch_stats"])


def generate_candidates(service: RankerService, user, pools):
    def round_fn(num_served, pool):
        scores = service.score(user, pool)
        return num_served + 1, jnp.argmax(scores, axis=-1)

    _, picks = jax.lax.scan(round_fn, 0, pools)
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
