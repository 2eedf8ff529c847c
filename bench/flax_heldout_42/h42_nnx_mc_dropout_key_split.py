# label: ok
# flax-error: none
# class: 3 the UncertaintyEvaluator draws one key from its nnx.Rngs 'dropout' stream before the loop and splits it; the raw scan body receives one subkey per sample as xs and passes it to model(x, rngs=key)
"""Monte-Carlo dropout predictive distribution for an NNX regressor.

The evaluation harness keeps its own `nnx.Rngs` so evaluation randomness is separated
from training. `predictive_samples` draws N stochastic forward passes with a raw
`jax.lax.scan`, scanning over one dropout subkey per sample.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class DropoutRegressor(nnx.Module):
    def __init__(self, din, rngs: nnx.Rngs, rate=0.25):
        self.l1 = nnx.Linear(din, 32, rngs=rngs)
        self.drop = nnx.Dropout(rate)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x, *, rngs=None):
        h = self.drop(nnx.relu(self.l1(x)), deterministic=False, rngs=rngs)
        return self.l2(h)


@dataclasses.dataclass
class EvalConfig:
    num_samples: int = 8
    seed: int = 7


class UncertaintyEvaluator:
    def __init__(self, cfg: EvalConfig):
        self.cfg = cfg
        self.rngs = nnx.Rngs(dropout=cfg.seed)

    def predictive_samples(self, model, x):
        keys = jax.random.split(self.rngs.dropout(), self.cfg.num_samples)

        def draw(carry, key):
            return carry, model(x, rngs=key)

        _, samples = jax.lax.scan(draw, None, keys)
        return samples


def main():
    model = DropoutRegressor(5, rngs=nnx.Rngs(0))
    x = jax.random.normal(jax.random.PRNGKey(1), (4, 5))
    samples = UncertaintyEvaluator(EvalConfig()).predictive_samples(model, x)
    return samples
