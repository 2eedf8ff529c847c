# label: same-values
# flax-error: none
# class: 3 SeatDemandSampler.bound (model.bind with a sampling rng) is called in the scan body and draws make_rng("sample") there
"""Opera house ticketing: simulated nightly seat demand per price tier for a run of performances."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class DemandModel(nn.Module):
    n_tiers: int = 4

    @nn.compact
    def __call__(self, prices):
        return nn.softplus(nn.Dense(self.n_tiers, name="elasticity")(prices)) * 120.0

    def sample_demand(self, prices, key=None):
        mean_seats = self(prices)
        key = self.make_rng("sample") if key is None else key
        return jax.random.poisson(key, mean_seats).astype(jnp.float32)


class SeatDemandSampler:
    def __init__(self, model, variables, seed):
        self.bound = model.bind(variables, rngs={"sample": jax.random.key(seed)})

    def simulate_run(self, prices, n_performances):
        def performance(carry, _):
            seats = self.bound.sample_demand(prices)
            return carry + seats, seats

        total, per_night = lax.scan(performance, jnp.zeros(prices.shape[-1]), None, length=n_performances)
        return per_night


def main():
    prices = jnp.array([185.0, 120.0, 75.0, 32.0]) / 100.0
    model = DemandModel()
    variables = model.init(jax.random.key(0), prices)
    sampler = SeatDemandSampler(model, variables, seed=21)
    return sampler.simulate_run(prices, n_performances=6)
