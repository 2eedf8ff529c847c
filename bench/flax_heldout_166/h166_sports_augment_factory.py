# label: same-values
# flax-error: none
# class: 5 make_augment_step() closes over a player-masking module bound with a fixed 'dropout' rng; the returned step runs as the scan body
"""Sports analytics: possession sequences are augmented by masking random players per step."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class AugmentConfig:
    players: int = 10
    features: int = 4
    possessions: int = 6
    drop_rate: float = 0.3


class PlayerMasker(nn.Module):
    rate: float

    @nn.compact
    def __call__(self, tracking):
        # tracking: [players, features]; whole players are dropped.
        keep = nn.Dropout(self.rate, deterministic=False)(jnp.ones(tracking.shape[:1]))
        return tracking * (keep[:, None] > 0)


def make_augment_step(augmenter):
    """Returns the per-possession step used by the data pipeline."""

    def step(seen, tracking):
        masked = augmenter(tracking)
        mask = jnp.any(masked != 0, axis=-1).astype(jnp.float32)
        return seen + mask, mask

    return step


class AugmentPipeline:
    def __init__(self, cfg, seed):
        self.cfg = cfg
        masker = PlayerMasker(cfg.drop_rate)
        self.step = make_augment_step(masker.bind({}, rngs={"dropout": jax.random.key(seed)}))

    def run(self, tracking):
        seen, masks = lax.scan(self.step, jnp.zeros(self.cfg.players), tracking)
        return masks


def main():
    cfg = AugmentConfig()
    tracking = 1.0 + jax.random.uniform(jax.random.key(0), (cfg.possessions, cfg.players, cfg.features))
    masks = AugmentPipeline(cfg, seed=7).run(tracking)
    return masks
