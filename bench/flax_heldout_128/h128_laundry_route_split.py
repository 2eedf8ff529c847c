# label: ok
# flax-error: none
# class: 5 functools.partial(model.apply, variables) kept on the dispatcher; a fresh dropout key per draw enters the scan as xs
"""Hospital linen logistics: Monte-Carlo dropout estimate of soiled-linen volume per ward.

The dispatcher binds the variables into a partial once; the dropout keys are split up
front and each scan step receives its own key.
"""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class WardVolumeModel(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, profile, train: bool = False):
        h = nn.relu(nn.Dense(self.hidden)(profile))
        h = nn.Dropout(rate=0.3, deterministic=not train)(h)
        return nn.softplus(nn.Dense(1)(h))[..., 0]


class LaundryDispatcher:
    def __init__(self, model, variables, dropout_key, n_samples=6):
        self.n_samples = n_samples
        self.dropout_key = dropout_key
        self._score = functools.partial(model.apply, variables, train=True)

    def sample_volumes(self, profile):
        def draw(carry, key):
            volume = self._score(profile, rngs={"dropout": key})
            return carry, volume

        keys = jax.random.split(self.dropout_key, self.n_samples)
        _, volumes = scan(draw, None, keys)
        return volumes

    def plan(self, profile):
        volumes = self.sample_volumes(profile)
        return {"mean_kg": volumes.mean(0), "p90_kg": jnp.quantile(volumes, 0.9, axis=0), "samples": volumes}


def ward_profiles():
    # bed occupancy, isolation rooms, surgical cases, linen par level
    return jnp.array([[0.92, 4.0, 11.0, 1.4], [0.71, 1.0, 3.0, 1.1], [0.85, 2.0, 0.0, 1.2]])


def main():
    model = WardVolumeModel()
    profiles = ward_profiles()
    variables = model.init(jax.random.key(0), profiles)
    dispatcher = LaundryDispatcher(model, variables, jax.random.key(42))
    plan = dispatcher.plan(profiles)
    return plan["samples"]
