# label: same-values
# flax-error: none
# class: 5 get_predictor() lazily caches functools.partial(model.apply, params, rngs={"dropout": fixed key}) in a module global; the scan body calls get_predictor()
"""Avalanche bulletin: ensemble slab-hazard samples for one slope profile."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

DROPOUT_SEED = 42
_PREDICTOR = None


class SlabHazardNet(nn.Module):
    @nn.compact
    def __call__(self, profile, deterministic: bool):
        h = nn.gelu(nn.Dense(16)(profile))
        h = nn.Dropout(0.25)(h, deterministic=deterministic)
        return nn.sigmoid(nn.Dense(3)(h))  # probability of danger levels 3, 4, 5


def get_predictor():
    """Built on first use and cached for the lifetime of the bulletin worker."""
    global _PREDICTOR
    if _PREDICTOR is None:
        model = SlabHazardNet()
        params = model.init(jax.random.key(0), jnp.zeros(5), deterministic=True)
        _PREDICTOR = functools.partial(
            model.apply, params, deterministic=False, rngs={"dropout": jax.random.key(DROPOUT_SEED)}
        )
    return _PREDICTOR


def ensemble(profile, members: int):
    def body(carry, _):
        return carry, get_predictor()(profile)

    _, samples = jax.lax.scan(body, None, None, length=members)
    return samples


def main():
    get_predictor()  # warmed up when the worker starts
    # new snow cm, wind speed, temperature gradient, slope angle, days since last slide
    profile = jnp.array([0.4, 0.7, -0.2, 0.38, 0.1])
    return ensemble(profile, members=8)
