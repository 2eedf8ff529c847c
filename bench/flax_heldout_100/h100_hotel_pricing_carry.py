# label: ok
# flax-error: none
# class: 2 local model and variables in simulate_prices; the 'demand_log' collection is made mutable in apply and threaded through the fori_loop carry
"""Nightly rate simulator for a hotel revenue-management desk.

The pricing model keeps an exponentially weighted log of observed demand in a
'demand_log' collection that it updates on every call.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class RatePolicy(nn.Module):
    base_rate: float = 120.0

    @nn.compact
    def __call__(self, signals):
        log = self.variable("demand_log", "ewma", lambda: jnp.zeros(()))
        demand = nn.sigmoid(nn.Dense(1)(signals))[0]
        log.value = 0.8 * log.value + 0.2 * demand
        return self.base_rate * (0.8 + 0.4 * log.value)


def simulate_prices(model, variables, nightly_signals):
    params = variables["params"]
    nights = nightly_signals.shape[0]

    def body(night, carry):
        revenue, log = carry
        rate, upd = model.apply({"params": params, "demand_log": log},
                                nightly_signals[night], mutable=["demand_log"])
        return revenue + rate, upd["demand_log"]

    return lax.fori_loop(0, nights, body, (jnp.zeros(()), variables["demand_log"]))


def main():
    model = RatePolicy()
    signals = jax.random.uniform(jax.random.key(5), (14, 4))
    variables = model.init(jax.random.key(6), signals[0])
    simulate_prices(model, variables, signals)
    return None
