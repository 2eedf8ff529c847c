# label: ok
# flax-error: none
# class: 2 the local dropout rng of mc_dropout_eta enters the scan as the carry and the body splits a fresh key for model.apply on every sample
"""Parcel delivery ETA with Monte-Carlo dropout: the dispatch service asks for several stochastic
forward passes per route and reports the spread as an uncertainty band."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class EtaRegressor(nn.Module):
    hidden: int = 32
    dropout_rate: float = 0.2

    @nn.compact
    def __call__(self, route, train: bool = False):
        h = nn.relu(nn.Dense(self.hidden)(route))
        h = nn.Dropout(self.dropout_rate, deterministic=not train)(h)
        h = nn.relu(nn.Dense(self.hidden)(h))
        h = nn.Dropout(self.dropout_rate, deterministic=not train)(h)
        return nn.softplus(nn.Dense(1)(h))[..., 0]


@dataclass(frozen=True)
class UncertaintyRequest:
    samples: int = 6
    seed: int = 11


def mc_dropout_eta(model, variables, routes, request: UncertaintyRequest):
    rng = jax.random.key(request.seed)

    def body(rng, _):
        rng, dropout_rng = jax.random.split(rng)
        eta = model.apply(variables, routes, train=True, rngs={"dropout": dropout_rng})
        return rng, eta

    _, etas = scan(body, rng, None, length=request.samples)
    return etas


def main():
    routes = jax.random.normal(jax.random.key(0), (5, 12))
    model = EtaRegressor()
    variables = model.init(jax.random.key(1), routes)
    etas = mc_dropout_eta(model, variables, routes, UncertaintyRequest())
    return etas
