# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(block)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the card-fraud scorer holds nn.remat(TxnBlock) as a submodule; its score_stream() method calls the rematerialised block inside fori_loop
"""Card-fraud scoring over a stream of transaction windows.

The per-window block is wrapped in nn.remat because the training job backpropagates through
long windows. The serving path reuses the same module definition: score_stream() walks the
windows of one card with fori_loop and keeps the highest fraud logit seen.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class TxnBlock(nn.Module):
    width: int = 16
    train: bool = True

    @nn.compact
    def __call__(self, window):
        h = nn.Dense(self.width)(window)
        h = nn.BatchNorm(use_running_average=not self.train)(h)
        return nn.Dense(1)(nn.relu(h)).max()


RematTxnBlock = nn.remat(TxnBlock)


@dataclass(frozen=True)
class ScorerConfig:
    width: int = 16
    train: bool = True


class FraudScorer(nn.Module):
    config: ScorerConfig

    def setup(self):
        self.block = RematTxnBlock(width=self.config.width, train=self.config.train)

    def __call__(self, window):
        return self.block(window)

    def score_stream(self, windows):
        def body(i, worst):
            return jnp.maximum(worst, self.block(windows[i]))

        return fori_loop(0, windows.shape[0], body, -jnp.inf)


class StreamingService:
    def __init__(self, config: ScorerConfig, variables):
        self.model = FraudScorer(config)
        self.variables = variables

    def alert(self, windows, threshold=0.5):
        worst = self.model.apply(self.variables, windows, method=FraudScorer.score_stream)
        return worst > threshold


def main():
    windows = jax.random.normal(jax.random.key(0), (6, 8, 5))
    variables = FraudScorer(ScorerConfig()).init(jax.random.key(1), windows[0])
    service = StreamingService(ScorerConfig(), variables)
    service.alert(windows).block_until_ready()
    return None
