# label: same-values
# flax-error: none
# class: 2 UncertaintyEstimator rebuilds nnx.Rngs(dropout=self.config.seed) inside the fori_loop body and passes it to the model, so every pass gets the same dropout stream
"""Monte-Carlo dropout uncertainty estimation for an NNX regressor, with passes in a fori_loop."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class DropoutRegressor(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.5)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x, rngs=None):
        return self.l2(self.drop(nnx.relu(self.l1(x)), rngs=rngs))


@dataclasses.dataclass
class MCConfig:
    passes: int = 6
    seed: int = 11


class UncertaintyEstimator:
    def __init__(self, model, config):
        self.model, self.config = model, config
        self.model.train()

    def samples(self, x):
        n = self.config.passes

        def body(i, buf):
            rngs = nnx.Rngs(dropout=self.config.seed)
            return buf.at[i].set(self.model(x, rngs=rngs))

        return lax.fori_loop(0, n, body, jnp.zeros((n,) + x.shape[:-1] + (1,)))


def main():
    model = DropoutRegressor(nnx.Rngs(0))
    est = UncertaintyEstimator(model, MCConfig())
    return est.samples(jnp.ones((4, 3)))
