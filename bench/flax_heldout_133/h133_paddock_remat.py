# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 an nn.remat(GaitBlock) submodule built in setup is called from the body of a raw lax.scan in PaddockScorer.__call__
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

        def body(score, stride):
            return score + jnp.abs(self.gait(stride)).mean(), None

        score, _ = lax.scan(body, jnp.zeros(()), strides)
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
