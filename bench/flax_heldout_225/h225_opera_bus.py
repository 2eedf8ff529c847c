# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the params reach the scan body through BoxOffice.price_response (functools.partial of model.apply); the sold count leaves through EventBus -> SalesLedger subscriber
"""Opera ticketing: simulate a season of performances and publish sales to an event bus."""
import functools
from collections import defaultdict

import jax
import jax.numpy as jnp
import flax.linen as nn


class EventBus:
    def __init__(self):
        self._subscribers = defaultdict(list)

    def subscribe(self, topic, handler):
        self._subscribers[topic].append(handler)

    def publish(self, topic, **payload):
        for handler in self._subscribers[topic]:
            handler(**payload)


class SalesLedger:
    def __init__(self):
        self.sold = []

    def on_tickets_sold(self, night, sold):
        self.sold.append(sold)

    def season_total(self):
        return jnp.sum(jnp.stack(self.sold))


class TierDemand(nn.Module):
    tiers: int = 4

    @nn.compact
    def __call__(self, prices):
        h = nn.tanh(nn.Dense(16, name="elasticity")(prices))
        return 40.0 * nn.softplus(nn.Dense(self.tiers, name="tier_head")(h))


class BoxOffice:
    def __init__(self, model, params, bus, seats):
        self.price_response = functools.partial(model.apply, {"params": params})
        self.bus = bus
        self.seats = seats

    def run_season(self, price_schedule):
        def performance(inventory, night_and_prices):
            night, prices = night_and_prices
            demand = self.price_response(prices)
            sold = jnp.minimum(demand, inventory)
            self.bus.publish("tickets.sold", night=night, sold=sold.sum())
            return inventory - sold, None

        nights = jnp.arange(price_schedule.shape[0])
        inventory, _ = jax.lax.scan(performance, self.seats, (nights, price_schedule))
        return inventory


def main():
    model = TierDemand()
    prices = jnp.linspace(30.0, 180.0, 4)
    params = model.init(jax.random.key(0), prices)["params"]
    bus = EventBus()
    ledger = SalesLedger()
    bus.subscribe("tickets.sold", ledger.on_tickets_sold)
    office = BoxOffice(model, params, bus, seats=jnp.array([400.0, 300.0, 200.0, 80.0]))
    schedule = prices[None, :] * (1.0 + 0.05 * jnp.arange(10.0)[:, None])
    office.run_season(schedule)
    total = ledger.season_total()
    jax.block_until_ready(total)
    return None
