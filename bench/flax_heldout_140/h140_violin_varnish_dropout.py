# label: same-values
# flax-error: none
# class: 1 VarnishCoater.__call__ runs scan itself; its nn.Dropout draws make_rng("dropout") inside the body for every coat
"""Violin making: which pores of the spruce top each varnish coat seals (one dropout mask per coat)."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclass(frozen=True)
class CoatingPlan:
    coats: int = 5
    pores: int = 12
    absorption: float = 0.4


class VarnishCoater(nn.Module):
    plan: CoatingPlan

    @nn.compact
    def __call__(self, wood):
        grain = nn.Dense(self.plan.pores, name="grain")(wood)
        pores = nn.Dropout(self.plan.absorption, deterministic=False)

        def apply_coat(film, _):
            sealed = pores(jnp.ones(self.plan.pores))
            return film + sealed * jax.nn.sigmoid(grain), sealed

        film, masks = scan(apply_coat, jnp.zeros(self.plan.pores), None, length=self.plan.coats)
        return film, masks


class Workshop:
    def __init__(self, plan):
        self.coater = VarnishCoater(plan)
        self.wood = jnp.linspace(0.2, 1.0, 6)
        keys = {"params": jax.random.key(0), "dropout": jax.random.key(1)}
        self.variables = self.coater.init(keys, self.wood)

    def varnish(self, seed):
        return self.coater.apply(self.variables, self.wood, rngs={"dropout": jax.random.key(seed)})


def main():
    workshop = Workshop(CoatingPlan())
    _, masks = workshop.varnish(seed=7)
    return masks
