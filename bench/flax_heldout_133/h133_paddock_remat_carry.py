# label: ok
# flax-error: none
# class: 5 the variables of an nn.remat(GaitBlock) submodule enter the raw lax.scan in PaddockScorer.__call__ through the carry and are applied there
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class GaitBlock(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, stride):
        h = nn.gelu(nn.Dense(self.hidden)(stride))
        return nn.Dense(stride.shape[-1])(h)


CheckpointedGait = nn.remat(GaitBlock)


class PaddockScorer(nn.Module):
    """Scores a horse's parade-ring walk stride by stride; remat keeps memory flat."""

    hidden: int = 8

    def setup(self):
        self.gait = CheckpointedGait(hidden=self.hidden)

    def __call__(self, strides):
        self.gait(strides[0])
        gait_vars = self.gait.variables

        def body(carry, stride):
            score, gv = carry
            out = CheckpointedGait(hidden=self.hidden, parent=None).apply(gv, stride)
            return (score + jnp.abs(out).mean(), gv), None

        (score, _), _ = lax.scan(body, (jnp.zeros(()), gait_vars), strides)
        return score


class ParadeRingService:
    def __init__(self, scorer, variables):
        self.scorer = scorer
        self.variables = variables

    def score(self, strides):
        return self.scorer.apply(self.variables, strides)


def main():
    strides = jnp.sin(jnp.arange(10 * 4 * 5, dtype=jnp.float32)).reshape(10, 4, 5)
    scorer = PaddockScorer()
    variables = scorer.init(jax.random.key(0), strides)
    service = ParadeRingService(scorer, variables)
    jax.block_until_ready(service.score(strides))
    return None
