# label: ok
# flax-error: none
# class: 3 SplitEvaluator.variables are applied inside the lax.scan body with train=False, so BatchNorm only reads its running statistics
"""Marathon timing: evaluates a pace model against the chip splits of each timing mat."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclass(frozen=True)
class PacerConfig:
    hidden: int = 32
    train: bool = True
    n_mats: int = 8  # 5k, 10k, 15k, 20k, half, 25k, 30k, 35k


class PaceNet(nn.Module):
    cfg: PacerConfig

    @nn.compact
    def __call__(self, splits, train: bool | None = None):
        train = self.cfg.train if train is None else train
        h = nn.Dense(self.cfg.hidden)(splits)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(1)(nn.gelu(h)).squeeze(-1)


class SplitEvaluator:
    def __init__(self, model: PaceNet, variables):
        self.model = model
        self.variables = variables

    def evaluate(self, mat_splits, finish_times):
        def body(err, mat):
            splits, target = mat
            predicted = self.model.apply(self.variables, splits, train=False)
            return err + jnp.mean(jnp.abs(predicted - target)), None

        total, _ = lax.scan(body, jnp.zeros(()), (mat_splits, finish_times))
        return total / mat_splits.shape[0]


def main():
    cfg = PacerConfig()
    k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
    runners = 16
    mat_splits = jax.random.uniform(k1, (cfg.n_mats, runners, 4), minval=3.0, maxval=7.0)
    finish_times = jax.random.uniform(k2, (cfg.n_mats, runners), minval=150.0, maxval=330.0)
    model = PaceNet(cfg)
    variables = model.init(k3, mat_splits[0], train=False)
    mae = SplitEvaluator(model, variables).evaluate(mat_splits, finish_times)
    print("mae minutes", mae)
    return None
