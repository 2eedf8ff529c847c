# label: ok
# flax-error: none
# class: 1 the HiveWeightModel method runs lax.scan over the days itself, returns the daily hidden states as the scan's ys and sows the stacked array after the loop
"""Beehive colony monitoring: a recurrent model over daily scale readings (weight, brood
temperature, entrance traffic) flags colonies that may swarm; the apiary dashboard plots
the daily hidden activations captured with `sow`."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class HiveWeightModel(nn.Module):
    hidden: int = 8

    def setup(self):
        self.daily = nn.Dense(self.hidden)
        self.recur = nn.Dense(self.hidden, use_bias=False)
        self.head = nn.Dense(1)

    def __call__(self, days):
        self.recur(jnp.zeros(self.hidden))
        self.daily(days[0])

        def day(h, reading):
            h = jnp.tanh(self.daily(reading) + self.recur(h))
            return h, h

        h, hidden = lax.scan(day, jnp.zeros(self.hidden), days)
        self.sow("intermediates", "daily_hidden", hidden)
        return nn.sigmoid(self.head(h))[0]  # swarm risk


class ApiaryDashboard:
    def __init__(self, model, params):
        self.model = model
        self.params = params

    def inspect_colony(self, days):
        risk, state = self.model.apply({"params": self.params}, days, mutable=["intermediates"])
        (hidden,) = state["intermediates"]["daily_hidden"]
        return risk, jnp.linalg.norm(hidden, axis=-1)


def main():
    days = jax.random.normal(jax.random.key(0), (14, 3))  # two weeks of scale readings
    model = HiveWeightModel()
    params = model.init(jax.random.key(1), days)["params"]
    ApiaryDashboard(model, params).inspect_colony(days)
    return None
