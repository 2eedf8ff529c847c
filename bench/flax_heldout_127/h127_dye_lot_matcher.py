# label: same-values
# flax-error: none
# class: 5 a factory returns a scan step that closes over functools.partial(model.apply, variables, rngs={'dropout': key}) built once
"""Textile dye-lot matcher: Monte Carlo dropout scores of how well candidate lots match a swatch."""
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.lax import scan


class LotMatcher(nn.Module):
    width: int = 32

    @nn.compact
    def __call__(self, swatch_lab, lots_lab, deterministic: bool = False):
        pair = jnp.concatenate([jnp.broadcast_to(swatch_lab, lots_lab.shape), lots_lab], -1)
        h = nn.gelu(nn.Dense(self.width)(pair))
        h = nn.Dropout(0.3)(h, deterministic=deterministic)
        return nn.sigmoid(nn.Dense(1)(h))[..., 0]


def make_mc_step(model, variables, key):
    """Returns a scan step that draws one Monte Carlo dropout sample of the match scores."""
    score = functools.partial(model.apply, variables, rngs={"dropout": key})

    def step(carry, _):
        swatch, lots = carry
        return carry, score(swatch, lots)

    return step


class MatchService:
    def __init__(self, model, variables, seed=0, samples=8):
        self.step = make_mc_step(model, variables, jax.random.key(seed))
        self.samples = samples

    def sample_scores(self, swatch, lots):
        _, draws = scan(self.step, (swatch, lots), jnp.arange(self.samples))
        return draws


def main():
    model = LotMatcher()
    swatch = jnp.array([52.0, 10.5, -4.2])
    lots = jax.random.normal(jax.random.key(1), (5, 3)) * 3.0 + swatch
    variables = model.init(jax.random.key(2), swatch, lots, deterministic=True)
    service = MatchService(model, variables)
    return service.sample_scores(swatch, lots)
