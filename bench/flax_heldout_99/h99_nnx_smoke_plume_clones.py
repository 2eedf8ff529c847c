# label: same-values
# flax-error: none
# class: 5 PlumeEnsemble keeps functools.partial(nnx.clone, base_model) as its member factory; the while_loop body builds each ensemble member from it, so every member starts from the base model's Rngs count
"""Wildfire smoke nowcasting: ensemble members from one base model, each perturbed by dropout."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class PlumeModel(nnx.Module):
    def __init__(self, cells, *, rngs):
        self.transport = nnx.Linear(cells, cells, rngs=rngs)
        self.perturb = nnx.Dropout(0.3, rngs=rngs)

    def __call__(self, concentration):
        return nnx.relu(self.transport(self.perturb(concentration)))


class PlumeEnsemble:
    def __init__(self, base_model, members):
        self.member_factory = functools.partial(nnx.clone, base_model)
        self.members = members

    def nowcast(self, concentration):
        forecasts = jnp.zeros((self.members,) + concentration.shape)

        def cond(state):
            return state[0] < self.members

        def body(state):
            i, out = state
            member = self.member_factory()
            return i + 1, out.at[i].set(member(concentration))

        _, forecasts = lax.while_loop(cond, body, (0, forecasts))
        return forecasts


def main():
    base = PlumeModel(cells=8, rngs=nnx.Rngs(params=0, dropout=11))
    ensemble = PlumeEnsemble(base, members=5)
    smoke = jnp.abs(jax.random.normal(jax.random.key(2), (8,)))
    return ensemble.nowcast(smoke)
