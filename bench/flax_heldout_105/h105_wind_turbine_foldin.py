# label: ok
# flax-error: none
# class: 5 the fori_loop body is a closure returned by the method TelemetrySimulator.make_step(), which applies the model with rngs={'gust': fold_in(self.key, i)}
"""Wind-farm telemetry: simulate turbine power curves under stochastic gusts.

The simulator owns the gust model and its variables; make_step() is the closure factory the
rollout loop calls for each ten-minute interval.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

N_TURBINES = 6


class GustPowerModel(nn.Module):
    @nn.compact
    def __call__(self, wind_speed):
        gust = 0.3 * jax.random.normal(self.make_rng("gust"), wind_speed.shape)
        effective = wind_speed * (1.0 + gust)
        h = nn.softplus(nn.Dense(8)(effective[:, None]))
        return nn.Dense(1)(h)[:, 0]


class TelemetrySimulator:
    def __init__(self, model, variables, key):
        self.model = model
        self.variables = variables
        self.key = key

    def make_step(self, wind_speed):
        def step(i, power_log):
            power = self.model.apply(self.variables, wind_speed, rngs={"gust": jax.random.fold_in(self.key, i)})
            return power_log.at[i].set(power)

        return step

    def rollout(self, wind_speed, n_intervals):
        step = self.make_step(wind_speed)
        log = jnp.zeros((n_intervals, wind_speed.shape[0]))
        return jax.lax.fori_loop(0, n_intervals, step, log)


def main():
    wind_speed = jnp.linspace(4.0, 14.0, N_TURBINES)
    model = GustPowerModel()
    variables = model.init({"params": jax.random.key(0), "gust": jax.random.key(1)}, wind_speed)
    sim = TelemetrySimulator(model, variables, jax.random.key(7))
    return sim.rollout(wind_speed, 6)
