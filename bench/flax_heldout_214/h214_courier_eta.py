# label: same-values
# flax-error: none
# class: 1 RouteEtaSampler.__call__ runs the scan itself and draws self.make_rng("traffic") inside the body
"""Courier route time estimation: Monte Carlo rounds of traffic delays over the legs of a
route give a distribution of arrival times for the dispatcher."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class RouteEtaSampler(nn.Module):
    hidden: int = 16
    rounds: int = 6

    @nn.compact
    def __call__(self, legs):
        h = nn.relu(nn.Dense(self.hidden, name="encoder")(legs))
        base_minutes = nn.softplus(nn.Dense(1, name="head")(h))[:, 0] * 10.0

        def one_round(carry, _):
            key = self.make_rng("traffic")
            delay = jnp.exp(0.25 * jax.random.normal(key, base_minutes.shape))
            return carry, jnp.sum(base_minutes * delay)

        _, etas = scan(one_round, None, None, length=self.rounds)
        return etas


class DispatchDesk:
    def __init__(self, sampler, variables):
        self.sampler = sampler
        self.variables = variables

    def eta_distribution(self, legs, seed):
        return self.sampler.apply(self.variables, legs, rngs={"traffic": jax.random.key(seed)})


def main():
    legs = jnp.array([[1.2, 0.3, 0.0, 1.0], [0.4, 0.9, 1.0, 0.0], [2.1, 0.1, 0.0, 0.0]])
    sampler = RouteEtaSampler()
    variables = sampler.init({"params": jax.random.key(0), "traffic": jax.random.key(1)}, legs)
    desk = DispatchDesk(sampler, variables)
    return desk.eta_distribution(legs, seed=42)
