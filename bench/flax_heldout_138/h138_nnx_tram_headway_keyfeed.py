# label: same-values
# flax-error: none
# class: 5 make_jitter_sampler() returns the fori_loop body, a closure over the model and a key generator; nnx.Rngs(dropout=next(feed)) is built inside the body
"""Headway jitter sampling for a tram network control room.

For one route snapshot the sampler draws several jittered headway forecasts
(MC dropout) so that controllers can see how fragile the timetable is.
Keys come from the control room's shared key feed.
"""
from typing import Iterator

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop


def key_feed(seed: int) -> Iterator[jax.Array]:
    key = jax.random.key(seed)
    while True:
        key, sub = jax.random.split(key)
        yield sub


class HeadwayJitter(nnx.Module):
    def __init__(self, n_features: int, *, rate: float, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_features, 10, rngs=rngs)
        self.drop = nnx.Dropout(rate)
        self.headway = nnx.Linear(10, 1, rngs=rngs)

    def __call__(self, route, *, rngs: nnx.Rngs):
        h = self.drop(nnx.relu(self.hidden(route)), rngs=rngs)
        return nnx.softplus(self.headway(h))[..., 0]


def make_jitter_sampler(model: HeadwayJitter, feed: Iterator[jax.Array], route):
    def body(i, forecasts):
        headway = model(route, rngs=nnx.Rngs(dropout=next(feed)))
        return forecasts.at[i].set(headway)
    return body


def sample_forecasts(model, feed, route, n_samples: int):
    body = make_jitter_sampler(model, feed, route)
    return fori_loop(0, n_samples, body, jnp.zeros((n_samples, route.shape[0])))


def main():
    model = HeadwayJitter(3, rate=0.3, rngs=nnx.Rngs(0))
    # five stops on route 4: dwell time, load factor, signal wait
    route = jnp.array([[0.4, 0.7, 0.1], [0.5, 0.9, 0.3], [0.3, 0.5, 0.2],
                       [0.6, 0.8, 0.0], [0.2, 0.4, 0.4]])
    return sample_forecasts(model, key_feed(8), route, n_samples=5)
