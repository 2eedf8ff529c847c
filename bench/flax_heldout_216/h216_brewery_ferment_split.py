# label: ok
# flax-error: none
# class: 1 FermentSim.__call__ runs the scan itself; it splits one self.make_rng('yeast') key per day before the loop and scans over the keys
"""Brewery fermentation: simulate daily specific-gravity drops of a batch with stochastic
yeast-vigour shocks and return each day's shock."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class FermentSim(nn.Module):
    days: int = 9
    shock_scale: float = 0.002

    @nn.compact
    def __call__(self, wort):
        # wort: original gravity, temperature (C / 20), pitch rate
        attenuation = nn.sigmoid(nn.Dense(1, name="attenuation")(wort))[0] * 0.2
        day_keys = jax.random.split(self.make_rng("yeast"), self.days)

        def body(gravity, key):
            shock = self.shock_scale * jax.random.normal(key, ())
            drop = attenuation * (gravity - 1.0) + shock
            return gravity - drop, shock

        _, shocks = jax.lax.scan(body, wort[0], day_keys)
        return shocks


class BatchLog:
    def __init__(self, sim, variables):
        self.sim, self.variables = sim, variables

    def simulate(self, wort, key):
        return self.sim.apply(self.variables, wort, rngs={"yeast": key})


def main():
    wort = jnp.array([1.056, 0.95, 0.75])
    sim = FermentSim()
    variables = sim.init({"params": jax.random.PRNGKey(0), "yeast": jax.random.PRNGKey(1)}, wort)
    return BatchLog(sim, variables).simulate(wort, jax.random.PRNGKey(42))
