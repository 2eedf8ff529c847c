# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "ewma" in "/" because collection "demand_log" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 local bound = model.bind(variables) in simulate_prices, called in the fori_loop body; the model logs demand into its 'demand_log' collection
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
    bound = model.bind(variables)
    nights = nightly_signals.shape[0]

    def body(night, revenue):
        rate = bound(nightly_signals[night])
        return revenue + rate

    return lax.fori_loop(0, nights, body, jnp.zeros(()))


def main():
    model = RatePolicy()
    signals = jax.random.uniform(jax.random.key(5), (14, 4))
    variables = model.init(jax.random.key(6), signals[0])
    simulate_prices(model, variables, signals)
    return None
