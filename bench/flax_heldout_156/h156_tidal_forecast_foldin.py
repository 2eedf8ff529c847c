# label: ok
# flax-error: none
# class: 3 TurbineSimulator keeps self.dropout_key; the fori_loop body passes rngs={'dropout': fold_in(self.dropout_key, i)} to model.apply for sample i
"""Tidal turbine power forecasting with Monte-Carlo dropout uncertainty bands."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class PowerCurve(nn.Module):
    hidden: int = 16
    rate: float = 0.3

    @nn.compact
    def __call__(self, flow, deterministic: bool = True):
        h = nn.relu(nn.Dense(self.hidden)(flow))
        h = nn.Dropout(self.rate)(h, deterministic=deterministic)
        return nn.Dense(1)(h)[..., 0]


class TurbineSimulator:
    def __init__(self, model, variables, seed, samples):
        self.model = model
        self.variables = variables
        self.dropout_key = jax.random.key(seed)
        self.samples = samples

    def mc_forecast(self, flow):
        buf = jnp.zeros((self.samples, flow.shape[0]))

        def body(i, buf):
            pred = self.model.apply(
                self.variables, flow, deterministic=False, rngs={"dropout": jax.random.fold_in(self.dropout_key, i)}
            )
            return buf.at[i].set(pred)

        return lax.fori_loop(0, self.samples, body, buf)


class ForecastReport:
    def __init__(self, simulator):
        self.simulator = simulator

    def bands(self, flow):
        draws = self.simulator.mc_forecast(flow)
        return draws, jnp.percentile(draws, 10, axis=0), jnp.percentile(draws, 90, axis=0)


def main():
    model = PowerCurve()
    flow = jax.random.uniform(jax.random.key(1), (5, 3), minval=0.5, maxval=3.0)
    variables = model.init(jax.random.key(2), flow)
    report = ForecastReport(TurbineSimulator(model, variables, seed=21, samples=6))
    draws, low, high = report.bands(flow)
    return draws
