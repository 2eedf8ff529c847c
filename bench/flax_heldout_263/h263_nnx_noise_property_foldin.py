# label: ok
# flax-error: none
# class: 3 forecaster.member_key, a property over the forecaster's self.rngs.ensemble stream, is read once and the fori_loop body folds the member index into it
"""Ensemble nowcasting of a cloud-cover grid: perturb the analysis per member and step it forward."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class PerturbationMixin:
    sigma: float = 0.1

    @property
    def member_key(self):
        return self.rngs.ensemble()

    def perturb(self, field, key):
        return jnp.clip(field + self.sigma * jax.random.normal(key, field.shape), 0.0, 1.0)


class CloudStep(nnx.Module):
    def __init__(self, cells: int, *, rngs: nnx.Rngs):
        self.advect = nnx.Linear(cells, cells, rngs=rngs)

    def __call__(self, cover):
        return nnx.sigmoid(self.advect(cover))


class EnsembleForecaster(PerturbationMixin, nnx.Module):
    def __init__(self, cells: int, seed: int):
        self.step = CloudStep(cells, rngs=nnx.Rngs(params=seed))
        self.rngs = nnx.Rngs(ensemble=seed + 100)

    def members(self, analysis, count: int):
        key = self.member_key
        out = jnp.zeros((count,) + analysis.shape)

        def member(i, out):
            return out.at[i].set(self.step(self.perturb(analysis, jax.random.fold_in(key, i))))

        return lax.fori_loop(0, count, member, out)


@dataclasses.dataclass(frozen=True)
class EnsembleSpec:
    cells: int = 5
    members: int = 4
    seed: int = 3


def main():
    spec = EnsembleSpec()
    forecaster = EnsembleForecaster(spec.cells, spec.seed)
    analysis = jnp.linspace(0.1, 0.9, spec.cells)
    return forecaster.members(analysis, spec.members)
