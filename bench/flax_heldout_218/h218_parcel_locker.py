# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "load" in "/" because collection "occupancy" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 functools.partial(model.apply, variables) kept on LockerRouter.score; the scorer writes its 'occupancy' collection inside the fori_loop body
"""Parcel locker routing: assign a day's parcels to lockers, penalising lockers that fill up."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class LockerSiteConfig:
    n_lockers: int = 5
    parcel_features: int = 4
    n_parcels: int = 7


class LockerScorer(nn.Module):
    n_lockers: int

    @nn.compact
    def __call__(self, parcel):
        load = self.variable("occupancy", "load", jnp.zeros, (self.n_lockers,))
        logits = nn.Dense(self.n_lockers, name="fit")(parcel) - 0.5 * load.value
        choice = jax.nn.one_hot(jnp.argmax(logits), self.n_lockers)
        load.value = load.value + choice
        return choice


class LockerRouter:
    """Routes parcels with a pre-bound scoring function (params baked in at construction)."""

    def __init__(self, config, model, variables):
        self.config = config
        self.score = functools.partial(model.apply, variables)

    def route(self, parcels):
        def assign(i, assigned):
            return assigned + self.score(parcels[i])

        return lax.fori_loop(0, parcels.shape[0], assign, jnp.zeros((self.config.n_lockers,)))


def main():
    cfg = LockerSiteConfig()
    model = LockerScorer(cfg.n_lockers)
    parcels = jax.random.uniform(jax.random.PRNGKey(3), (cfg.n_parcels, cfg.parcel_features))
    variables = model.init(jax.random.PRNGKey(0), parcels[0])
    router = LockerRouter(cfg, model, variables)
    router.route(parcels)
    return None
