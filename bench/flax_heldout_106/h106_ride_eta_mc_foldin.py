# label: ok
# flax-error: none
# class: 1 the ETA model's own sample_etas method runs lax.scan over Monte Carlo draws and calls its Dropout in the body with a key drawn before the loop and folded with the draw index
"""Ride-hailing dispatch: ETA with Monte Carlo dropout bands shown to the rider."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class EtaModel(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    def setup(self):
        self.trunk = nn.Dense(self.hidden)
        self.drop = nn.Dropout(self.rate)
        self.head = nn.Dense(1)

    def __call__(self, trip, deterministic: bool = True, rng=None):
        h = nn.relu(self.trunk(trip))
        h = self.drop(h, deterministic=deterministic, rng=rng)
        return nn.softplus(self.head(h))[:, 0] * 60.0

    def sample_etas(self, trip, draws: int):
        base = self.make_rng("dropout")

        def draw(carry, i):
            return carry, self(trip, deterministic=False, rng=jax.random.fold_in(base, i))

        _, etas = scan(draw, None, jnp.arange(draws))
        return etas


class EtaEndpoint:
    def __init__(self, model, variables, seed: int = 0):
        self.model, self.variables, self.seed = model, variables, seed

    def quote_band(self, trip, draws: int = 8):
        return self.model.apply(
            self.variables, trip, draws,
            method="sample_etas", rngs={"dropout": jax.random.key(self.seed)},
        )


def main():
    trips = jax.random.normal(jax.random.key(9), (5, 10))
    model = EtaModel()
    variables = model.init(jax.random.key(0), trips)
    etas = EtaEndpoint(model, variables, seed=3).quote_band(trips)
    return etas
