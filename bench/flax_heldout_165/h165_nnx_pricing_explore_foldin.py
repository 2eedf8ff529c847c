# label: ok
# flax-error: none
# class: 2 the local base_key of simulate_prices, folded with the step, seeds a fresh nnx.Rngs inside every scan step, which the policy draws its exploration noise from
"""Dynamic pricing: for one product context the pricing policy simulates a horizon of
exploratory price points (log-normal perturbations of its greedy price)."""

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class PricingPolicy(nnx.Module):
    def __init__(self, features, rngs: nnx.Rngs):
        self.demand = nnx.Linear(features, 8, rngs=rngs)
        self.price = nnx.Linear(8, 1, rngs=rngs)
        self.sigma = 0.15

    def greedy(self, context):
        return nnx.softplus(self.price(nnx.relu(self.demand(context))))[..., 0]

    def __call__(self, context, rngs: nnx.Rngs):
        noise = jax.random.normal(rngs.explore(), context.shape[:-1])
        return self.greedy(context) * jnp.exp(self.sigma * noise)


def simulate_prices(policy, context, seed, horizon):
    base_key = jax.random.key(seed)

    def body(carry, t):
        rngs = nnx.Rngs(explore=jax.random.fold_in(base_key, t))
        price = policy(context, rngs)
        return carry + price, price

    _, prices = scan(body, jnp.zeros(context.shape[:-1]), jnp.arange(horizon))
    return prices


def main():
    policy = PricingPolicy(features=4, rngs=nnx.Rngs(1))
    context = jnp.array([[0.3, 1.2, 0.0, -0.4], [1.0, 0.1, 0.5, 0.2]])
    return simulate_prices(policy, context, seed=17, horizon=6)
