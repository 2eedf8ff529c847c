# label: ok
# flax-error: none
# class: 5 make_member_step(model) returns the scan step; it runs an nnx.clone of the served model with a dropout key split from the carry, kept on the Forecaster as a functools.partial
"""Subway platform crowding forecast: Monte-Carlo dropout members of a crowding model are drawn
for the same morning-peak load so the operations room sees a spread per platform."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class CrowdingModel(nnx.Module):
    def __init__(self, platforms, rngs):
        self.enc = nnx.Linear(platforms, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.dec = nnx.Linear(24, platforms, rngs=rngs)

    def __call__(self, load, rngs=None):
        return nnx.softplus(self.dec(self.drop(nnx.relu(self.enc(load)), rngs=rngs)))


def make_member_step(model):
    def member_step(carry, member):
        load, key = carry
        key, dropout_key = jax.random.split(key)
        sandbox = nnx.clone(model)  # never touch the serving copy
        return (load, key), sandbox(load, rngs=dropout_key)

    return member_step


class Forecaster:
    def __init__(self, model, members, key):
        self.members = members
        self.key = key
        self.draw = functools.partial(scan, make_member_step(model))

    def spread(self, load):
        _, samples = self.draw((load, self.key), jnp.arange(self.members))
        return samples


def main():
    served = CrowdingModel(platforms=6, rngs=nnx.Rngs(params=0, dropout=1))
    served.train()
    morning_peak = jax.random.uniform(jax.random.key(2), (2, 6)) * 4.0
    return Forecaster(served, members=8, key=jax.random.key(3)).spread(morning_peak)
