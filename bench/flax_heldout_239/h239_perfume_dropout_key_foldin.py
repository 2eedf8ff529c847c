# label: ok
# flax-error: none
# class: 3 the scan body applies the model with the BlendSampler's key attribute folded with the step index
"""Monte-Carlo sampling of accord intensity for the perfume formulation desk."""

from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


@dataclass(frozen=True)
class FormulaSpec:
    name: str
    notes: int = 5
    samples: int = 6
    seed: int = 31


class IntensityHead(nn.Module):
    hidden: int = 8
    rate: float = 0.4

    @nn.compact
    def __call__(self, notes, deterministic: bool = True):
        h = nn.gelu(nn.Dense(self.hidden, name="mix")(notes))
        h = nn.Dropout(self.rate, name="evaporation")(h, deterministic=deterministic)
        return nn.Dense(1, name="intensity")(h)[..., 0]


class BlendSampler:
    def __init__(self, spec: FormulaSpec):
        self.spec = spec
        self.model = IntensityHead()
        init_key, self.key = jax.random.split(jax.random.key(spec.seed))
        self.variables = self.model.init(init_key, jnp.zeros((spec.notes,)))

    def _draw(self, carry, step_and_notes):
        step, notes = step_and_notes
        dropout_key = jax.random.fold_in(self.key, step)
        sample = self.model.apply(self.variables, notes, deterministic=False, rngs={"dropout": dropout_key})
        return carry, sample

    def sample(self, notes):
        batch = jnp.broadcast_to(notes, (self.spec.samples,) + notes.shape)
        steps = jnp.arange(self.spec.samples)
        _, draws = lax.scan(self._draw, None, (steps, batch))
        return draws


def main():
    spec = FormulaSpec("vetiver-no4")
    sampler = BlendSampler(spec)
    notes = jnp.array([0.35, 0.2, 0.15, 0.2, 0.1])
    return sampler.sample(notes)
