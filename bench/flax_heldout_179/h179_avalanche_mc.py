# label: same-values
# flax-error: none
# class: 4 the fori_loop body of the evaluator reaches a bound model with a dropout rng through its sampler
"""Avalanche-risk service: Monte-Carlo dropout over a snowpack stability network."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

# layers are chosen by name from the deployment config
LAYER_TABLE = {
    "dense": functools.partial(nn.Dense, 32),
    "norm": nn.LayerNorm,
    "mc_dropout": functools.partial(nn.Dropout, rate=0.3, deterministic=False),
    "risk_head": functools.partial(nn.Dense, 16),
}


class SnowpackNet(nn.Module):
    layer_names: tuple = ("dense", "norm", "mc_dropout", "risk_head")

    def setup(self):
        self.blocks = [LAYER_TABLE[name]() for name in self.layer_names]

    def __call__(self, x):
        for block in self.blocks:
            x = block(x)
        return x


class RiskSampler:
    def __init__(self, bound_model):
        self.bound_model = bound_model

    def draw(self, features):
        return self.bound_model(features)


class RiskEvaluator:
    def __init__(self, sampler: RiskSampler, n_draws: int):
        self.sampler = sampler
        self.n_draws = n_draws

    def draws(self, features):
        out = jnp.zeros((self.n_draws, 16))

        def one_draw(i, acc):
            return acc.at[i].set(self.sampler.draw(features))

        return lax.fori_loop(0, self.n_draws, one_draw, out)


def build_evaluator(seed: int, n_draws: int) -> RiskEvaluator:
    model = SnowpackNet()
    features = jnp.ones((12,))
    variables = model.init({"params": jax.random.key(seed), "dropout": jax.random.key(seed + 1)}, features)
    bound = model.bind(variables, rngs={"dropout": jax.random.key(seed + 2)})
    return RiskEvaluator(RiskSampler(bound), n_draws)


def main():
    evaluator = build_evaluator(seed=3, n_draws=6)
    features = jnp.linspace(-1.0, 1.0, 12)
    return evaluator.draws(features)


if __name__ == "__main__":
    print(main().std(axis=0))
