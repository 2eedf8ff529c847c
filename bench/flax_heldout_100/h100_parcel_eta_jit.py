# label: same-values
# flax-error: none
# class: 3 EtaService._sample = jax.jit(bound.sample_eta) of a model bound with rngs, called in the fori_loop body
"""Parcel delivery ETA service with sampled arrival times.

The service binds the ETA model once at start-up and jit-compiles its sampling method;
quote() draws several arrival-time samples for a route to give customers a window.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class EtaModel(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, route):
        h = nn.relu(nn.Dense(self.hidden)(route))
        return nn.softplus(nn.Dense(2)(h))  # mean, spread in hours

    def sample_eta(self, route):
        mean, spread = self(route)
        return mean + spread * jax.random.normal(self.make_rng("eta"), ())


class EtaService:
    def __init__(self, model, variables, seed=0):
        bound = model.bind(variables, rngs={"eta": jax.random.key(seed)})
        self._sample = jax.jit(bound.sample_eta)

    def quote(self, route, samples=8):
        def body(i, buf):
            return buf.at[i].set(self._sample(route))

        return fori_loop(0, samples, body, jnp.zeros((samples,)))


def main():
    model = EtaModel()
    route = jax.random.normal(jax.random.key(3), (7,))
    variables = model.init(jax.random.key(4), route)
    return EtaService(model, variables, seed=11).quote(route)
