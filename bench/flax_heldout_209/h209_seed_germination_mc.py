# label: same-values
# flax-error: none
# class: 5 a factory returns the scan step holding functools.partial(model.apply, variables, rngs={"dropout": key}) built once outside the loop
"""Seed germination prediction: MC-dropout draws of the germination probability of one seed lot."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class LotFeatures:
    moisture: float = 0.32
    temperature: float = 21.0
    seed_age_days: float = 180.0
    vigor_index: float = 0.7

    def as_array(self):
        return jnp.array([[self.moisture, self.temperature / 30.0, self.seed_age_days / 365.0, self.vigor_index]] * 6)


class GerminationNet(nn.Module):
    hidden: int = 32
    drop_rate: float = 0.25

    @nn.compact
    def __call__(self, x, *, deterministic: bool):
        x = nn.gelu(nn.Dense(self.hidden)(x))
        x = nn.Dropout(self.drop_rate, deterministic=deterministic)(x)
        return nn.sigmoid(nn.Dense(1)(x))[:, 0]


def make_mc_sampler(model, variables, key):
    """Returns a scan step drawing one MC-dropout sample of the lot's germination probabilities."""
    predict = functools.partial(model.apply, variables, deterministic=False, rngs={"dropout": key})

    def sample_step(count, lot):
        prob = predict(lot)
        return count + 1, prob

    return sample_step


def mc_germination(model, variables, lot, key, n_samples=5):
    sample_step = make_mc_sampler(model, variables, key)
    lots = jnp.broadcast_to(lot, (n_samples,) + lot.shape)
    _, probs = scan(sample_step, 0, lots)
    return probs


def main():
    model = GerminationNet()
    lot = LotFeatures().as_array()
    variables = model.init(jax.random.key(0), lot, deterministic=True)
    return mc_germination(model, variables, lot, jax.random.key(3))
