# label: same-values
# flax-error: none
# class: 1 the pacing module's own method runs jax.lax.scan and its nn.Dropout draws the MC mask inside the body
"""Marathon pacing advice: MC-dropout masks over the race splits give the advisor a spread of paces."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class PacingConfig:
    n_splits: int = 8
    n_features: int = 4
    hidden: int = 16
    drop_rate: float = 0.3


class SplitPacer(nn.Module):
    """Encodes each split (gradient, temperature, heart rate, km) and keeps a fatigue state."""

    config: PacingConfig

    @nn.compact
    def __call__(self, splits, *, deterministic: bool):
        cfg = self.config
        encode = nn.Dense(cfg.hidden, name="encode")
        drop = nn.Dropout(cfg.drop_rate, deterministic=deterministic)
        encode(splits[0])  # parameters exist before the loop runs

        def split_step(fatigue, split):
            keep = drop(jnp.ones((cfg.hidden,)))
            fatigue = 0.9 * fatigue + keep * nn.tanh(encode(split))
            return fatigue, keep

        _, keep_masks = jax.lax.scan(split_step, jnp.zeros((cfg.hidden,)), splits)
        return keep_masks


class PaceAdvisor:
    """Service object: owns the weights, answers 'how much spread should this runner expect'."""

    def __init__(self, config: PacingConfig, seed: int = 0):
        self.config = config
        self.model = SplitPacer(config)
        dummy = jnp.zeros((config.n_splits, config.n_features))
        self.variables = self.model.init(jax.random.key(seed), dummy, deterministic=True)

    def uncertainty_masks(self, splits, key):
        return self.model.apply(self.variables, splits, deterministic=False, rngs={"dropout": key})


def race_splits(config: PacingConfig):
    km = jnp.arange(config.n_splits, dtype=jnp.float32)
    gradient = jnp.sin(km / 3.0)
    temperature = 12.0 + 0.5 * km
    heart_rate = 150.0 + 2.0 * km
    return jnp.stack([gradient, temperature / 30.0, heart_rate / 200.0, km / 42.0], axis=1)


def main():
    config = PacingConfig()
    advisor = PaceAdvisor(config)
    return advisor.uncertainty_masks(race_splits(config), jax.random.key(7))
