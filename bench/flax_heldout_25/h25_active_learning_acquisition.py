# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/member_0/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 train flag passed down Acquirer -> score_pool -> Ensemble -> BatchNorm, applied without mutable inside the raw while_loop body
"""Active learning: greedy acquisition of pool points by ensemble disagreement."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class AcquisitionConfig:
    members: int = 3
    hidden: int = 16
    budget: int = 4
    pool_size: int = 20


class Member(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(self.hidden)(x)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(1)(nn.relu(h))[..., 0]


class Ensemble(nn.Module):
    cfg: AcquisitionConfig

    def setup(self):
        self.members = [Member(self.cfg.hidden, name=f"member_{i}") for i in range(self.cfg.members)]

    def __call__(self, x, train: bool = False):
        return jnp.stack([m(x, train) for m in self.members])


def score_pool(model, variables, pool, train):
    preds = model.apply(variables, pool, train)
    return preds.std(axis=0)


class Acquirer:
    def __init__(self, cfg, model, variables, train):
        self.cfg = cfg
        self.scorer = functools.partial(score_pool, model, variables, train=train)

    def acquire(self, pool):
        def cond(state):
            n, _ = state
            return n < self.cfg.budget

        def body(state):
            n, chosen = state
            disagreement = self.scorer(pool)
            disagreement = jnp.where(chosen, -jnp.inf, disagreement)
            return n + 1, chosen.at[jnp.argmax(disagreement)].set(True)

        chosen = jnp.zeros((pool.shape[0],), bool)
        return jax.lax.while_loop(cond, body, (0, chosen))[1]


def main():
    cfg = AcquisitionConfig()
    model = Ensemble(cfg)
    pool = jax.random.normal(jax.random.key(5), (cfg.pool_size, 2))
    variables = model.init(jax.random.key(0), pool, False)
    acquirer = Acquirer(cfg, model, variables, train=True)
    chosen = acquirer.acquire(pool)
    print("acquired", jnp.nonzero(chosen)[0].tolist())
    return None
