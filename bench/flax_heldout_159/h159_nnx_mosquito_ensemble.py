# label: same-values
# flax-error: none
# class: 4 a RunContext holding one seed key is passed from the ensemble through each member's project() to the model's dropout call inside the fori_loop body
"""Mosquito population projection: a dropout ensemble of projections for one district."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclass(frozen=True)
class RunContext:
    district: str
    seed_key: jax.Array

    def rngs(self):
        return nnx.Rngs(dropout=self.seed_key)


class PopulationModel(nnx.Module):
    def __init__(self, covariates, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(covariates, 20, rngs=rngs)
        self.dropout = nnx.Dropout(0.25)
        self.growth = nnx.Linear(20, 1, rngs=rngs)

    def __call__(self, weather, rngs):
        h = self.dropout(nnx.relu(self.hidden(weather)), rngs=rngs)
        return jnp.exp(0.1 * self.growth(h)).squeeze(-1)


class EnsembleMember:
    def __init__(self, model):
        self.model = model

    def project(self, weather, ctx):
        return self.model(weather, ctx.rngs())


class Ensemble:
    def __init__(self, member, size):
        self.member = member
        self.size = size

    def simulate(self, weather, ctx):
        out = jnp.zeros((self.size, weather.shape[0]))

        def draw(i, out):
            return out.at[i].set(self.member.project(weather, ctx))

        return jax.lax.fori_loop(0, self.size, draw, out)


def main():
    model = PopulationModel(covariates=4, rngs=nnx.Rngs(0))
    weather = jax.random.normal(jax.random.key(21), (6, 4))
    ctx = RunContext(district="delta-north", seed_key=jax.random.key(99))
    return Ensemble(EnsembleMember(model), size=5).simulate(weather, ctx)
