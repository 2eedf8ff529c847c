# label: same-values
# flax-error: none
# class: 1 DemandSampler.__call__ runs the scan itself; the body calls self.make_rng('demand') for every departure
"""Ferry dispatch: samples passenger surge multipliers for each departure of the day."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class DemandSampler(nn.Module):
    routes: int = 5
    departures: int = 8

    @nn.compact
    def __call__(self, timetable):
        base = nn.softplus(nn.Dense(self.routes)(timetable))
        volatility = self.param("volatility", nn.initializers.constant(0.2), (self.routes,))

        def body(load, _):
            shock = jax.random.normal(self.make_rng("demand"), (self.routes,))
            surge = jnp.exp(volatility * shock)
            return load + base * surge, surge

        _, surges = jax.lax.scan(body, jnp.zeros((self.routes,)), None, length=self.departures)
        return surges


def main():
    sampler = DemandSampler()
    timetable = jnp.linspace(0.0, 1.0, 6)
    variables = sampler.init({"params": jax.random.key(0), "demand": jax.random.key(1)}, timetable)
    surges = sampler.apply(variables, timetable, rngs={"demand": jax.random.key(2)})
    return surges
