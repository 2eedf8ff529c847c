# label: same-values
# flax-error: none
# class: 2 occupancy_bands() holds a local key that the scan body passes to the model's Dropout as rngs= on every pass
"""Parking garage occupancy: Monte Carlo dropout passes over the next hour's features give
the operator a band of occupancy per level before opening the overflow deck."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class OccupancyNet(nnx.Module):
    def __init__(self, levels: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(4, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.3, deterministic=False)
        self.out = nnx.Linear(16, levels, rngs=rngs)

    def __call__(self, features, rngs=None):
        h = self.drop(nnx.relu(self.hidden(features)), rngs=rngs)
        return nnx.sigmoid(self.out(h))


def occupancy_bands(model, features, passes, seed):
    key = jax.random.key(seed)

    def one_pass(carry, _):
        return carry, model(features, rngs=key)

    _, samples = scan(one_pass, None, None, length=passes)
    return samples


class GarageOperator:
    def __init__(self, model):
        self.model = model

    def next_hour(self, features):
        return occupancy_bands(self.model, features, passes=8, seed=21)


def main():
    features = jnp.array([0.7, 0.25, 1.0, 0.4])  # hour, rain, event nearby, weekday
    operator = GarageOperator(OccupancyNet(levels=5, rngs=nnx.Rngs(0)))
    return operator.next_hour(features)
