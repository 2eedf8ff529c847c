# label: same-values
# flax-error: none
# class: 2 local graphdef/state from nnx.split go into the scan carry; the body merges a copy (copy=True) and returns the incoming state unchanged
"""Avalanche danger ensemble for a ski-patrol morning briefing.

The snowpack model perturbs its inputs with its own 'perturb' Rngs stream; the briefing script
splits it once and scans to produce ensemble members, merging a private copy of the model in
every step.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class SnowpackPerturber(nnx.Module):
    def __init__(self, features, *, rngs: nnx.Rngs):
        self.layer = nnx.Linear(features, 1, rngs=rngs)
        self.rngs = rngs
        self.noise = 0.25

    def __call__(self, slopes):
        jitter = self.noise * jax.random.normal(self.rngs.perturb(), slopes.shape)
        return nnx.sigmoid(self.layer(slopes + jitter))[..., 0]


def slope_features(slopes=6):
    aspect = jnp.linspace(0.0, 2.0 * jnp.pi, slopes)
    return jnp.stack([jnp.cos(aspect), jnp.sin(aspect), jnp.linspace(25.0, 45.0, slopes) / 45.0], axis=-1)


def main():
    slopes = slope_features()
    model = SnowpackPerturber(3, rngs=nnx.Rngs(params=0, perturb=1))
    graphdef, state = nnx.split(model)

    def member(state, _):
        # copy=True: members must not alias the carried arrays
        model = nnx.merge(graphdef, state, copy=True)
        danger = model(slopes)
        return state, danger

    _, members = jax.lax.scan(member, state, None, length=8)
    return members
