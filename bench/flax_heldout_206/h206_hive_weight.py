# label: same-values
# flax-error: none
# class: 3 HiveEnsemble.simulate runs a fori_loop whose body calls self.sampler.perturbation, a model.bind(variables, rngs={'noise': key}) module drawing self.make_rng('noise')
"""Beehive scale telemetry: stochastic ensemble of daily hive-weight changes during a nectar flow."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class ForageNoise(nn.Module):
    n_hives: int = 5

    def setup(self):
        self.log_scale = self.param("log_scale", nn.initializers.constant(-1.0), (self.n_hives,))
        self.trend = nn.Dense(self.n_hives)

    def __call__(self, weather):
        return self.trend(weather)

    def perturbation(self, weights):
        noise = jax.random.normal(self.make_rng("noise"), weights.shape)
        return jnp.exp(self.log_scale) * noise


class HiveEnsemble:
    def __init__(self, model, variables, key, days=10):
        self.sampler = model.bind(variables, rngs={"noise": key})
        self.days = days

    def simulate(self, start_weights, weather):
        def body(day, state):
            weights, deltas = state
            shock = self.sampler.perturbation(weights)
            trend = self.sampler(weather[day]) * 0.01
            return weights + trend + shock, deltas.at[day].set(shock)

        init = (start_weights, jnp.zeros((self.days,) + start_weights.shape))
        _, deltas = fori_loop(0, self.days, body, init)
        return deltas


def main():
    model = ForageNoise()
    weather = jax.random.normal(jax.random.key(11), (10, 3))
    variables = model.init({"params": jax.random.key(0), "noise": jax.random.key(1)}, weather[0])
    ensemble = HiveEnsemble(model, variables, jax.random.key(2))
    return ensemble.simulate(jnp.full((5,), 42.0), weather)
