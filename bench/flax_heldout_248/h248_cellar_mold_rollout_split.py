# label: ok
# flax-error: none
# class: 4 the scan body in AgingModel.rollout reaches the dropout through self.head and its drop submodule; the keys are split before the loop and scanned as xs
"""Mold-spot rollout for wheels in the cheese aging cellar."""
import jax
import jax.numpy as jnp
import jax.random as jr
import flax.linen as nn


class MoldHead(nn.Module):
    rate: float = 0.4

    def setup(self):
        self.drop = nn.Dropout(self.rate)

    def __call__(self, features, train: bool, rng=None):
        return self.drop(features, deterministic=not train, rng=rng)


class AgingModel(nn.Module):
    weeks: int = 5
    width: int = 6

    def setup(self):
        self.encode = nn.Dense(self.width)
        self.head = MoldHead()

    def rollout(self, rind, train: bool = True):
        features = nn.relu(self.encode(rind)) + 1.0
        week_keys = jr.split(self.make_rng("dropout"), self.weeks)

        def week(carry, key):
            return carry, self.head(features, train, rng=key)

        _, spots = jax.lax.scan(week, None, week_keys)
        return spots

    def __call__(self, rind):
        return self.head(nn.relu(self.encode(rind)) + 1.0, train=False)


def main():
    rind = jnp.array([0.3, 0.7, 0.2], dtype=jnp.float32)
    model = AgingModel()
    variables = model.init(jr.key(0), rind)
    spots = model.apply(variables, rind, method=AgingModel.rollout, rngs={"dropout": jr.key(21)})
    return spots
