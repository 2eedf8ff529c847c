# label: ok
# flax-error: none
# class: 4 PricingHandler.handle looks up self.tenants[tenant] and its fori_loop body applies session.model to session.params with the 'cache' collection carried and mutable
"""Seat price path service for several opera houses (tenants).

Each tenant has its own autoregressive pricing model; a request asks for the nightly price index
of a seating zone over the run of a production. The decoder keeps the recent prices in a
'cache' collection so each night only needs the previous night's price.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class PriceDecoder(nn.Module):
    window: int = 4

    @nn.compact
    def __call__(self, prev_price):
        history = self.variable("cache", "history", lambda: jnp.zeros((self.window,)))
        if not self.is_initializing():
            history.value = jnp.roll(history.value, -1).at[-1].set(prev_price)
        features = jnp.concatenate([history.value, prev_price[None]])
        return prev_price * (1.0 + 0.05 * jnp.tanh(nn.Dense(1)(features)[0]))


@dataclasses.dataclass(frozen=True)
class PriceRequest:
    tenant: str
    opening_price: float
    nights: int


class TenantSession:
    def __init__(self, model: PriceDecoder, variables):
        self.model = model
        self.params = variables["params"]
        self.cache = variables["cache"]
        self.bound = model.bind(variables)


class PricingHandler:
    def __init__(self):
        self.tenants = {}

    def register(self, tenant: str, seed: int):
        model = PriceDecoder()
        variables = model.init(jax.random.key(seed), jnp.asarray(1.0))
        self.tenants[tenant] = TenantSession(model, variables)

    def handle(self, request: PriceRequest):
        session = self.tenants[request.tenant]

        def body(night, carry):
            prices, last, cache = carry
            nxt, updates = session.model.apply(
                {"params": session.params, "cache": cache}, last, mutable=["cache"]
            )
            return prices.at[night].set(nxt), nxt, updates["cache"]

        prices0 = jnp.zeros((request.nights,))
        init = (prices0, jnp.asarray(request.opening_price), session.cache)
        prices, _, _ = jax.lax.fori_loop(0, request.nights, body, init)
        return prices


def main():
    handler = PricingHandler()
    handler.register("royal_house", seed=0)
    handler.register("harbour_opera", seed=1)
    prices = handler.handle(PriceRequest("harbour_opera", opening_price=120.0, nights=9))
    print("price path", prices)
    return None
