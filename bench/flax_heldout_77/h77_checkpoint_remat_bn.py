# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(block)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 an nn.remat residual block with train-mode BatchNorm is applied (not mutable) inside a raw jax.lax.scan over a long sequence by a scoring service
"""Scoring service for a long-sequence model whose blocks are rematerialised to save memory."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ResidualBlock(nn.Module):
    width: int
    train: bool = True

    @nn.compact
    def __call__(self, h):
        y = nn.Dense(self.width)(h)
        y = nn.BatchNorm(use_running_average=not self.train)(y[None])[0]
        return h + nn.silu(y)


class LongSequenceModel(nn.Module):
    width: int = 8
    train: bool = True

    def setup(self):
        self.block = nn.remat(ResidualBlock)(self.width, train=self.train)
        self.readout = nn.Dense(1)

    def __call__(self, seq):
        self.block(jnp.zeros((self.width,)))

        def body(h, x):
            h = self.block(h + x)
            return h, self.readout(h)[0]

        _, scores = jax.lax.scan(body, jnp.zeros((self.width,)), seq)
        return scores


class ScoringService:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def score(self, seq):
        return self.model.apply(self.variables, seq)


def main():
    model = LongSequenceModel()
    seq = jax.random.normal(jax.random.key(0), (12, 8))
    variables = model.init(jax.random.key(1), seq)
    ScoringService(model, variables).score(seq)
    return None
