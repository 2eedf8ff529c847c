# label: same-values
# flax-error: none
# class: 1 the ensemble module's own method runs the scan and calls its nn.Dropout (make_rng) in the body
"""Tram overhead line icing: Monte Carlo dropout spread of the predicted ice load
on a catenary section, one sample per forecast hour."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class IcingEnsemble(nn.Module):
    hidden: int = 6
    rate: float = 0.3

    @nn.compact
    def __call__(self, weather, hours: int):
        features = nn.tanh(nn.Dense(self.hidden, name="weather_proj")(weather))
        readout = self.param("readout", nn.initializers.ones, (self.hidden,))
        drop = nn.Dropout(self.rate, deterministic=False)

        def body(carry, _):
            sample = drop(features)
            load = jnp.sum(sample * readout, axis=-1)
            return carry, load

        _, loads = scan(body, (), None, length=hours)
        return loads


def forecast_section(model, variables, weather, hours, seed):
    return model.apply(variables, weather, hours, rngs={"dropout": jax.random.key(seed)})


def main():
    model = IcingEnsemble()
    weather = jnp.array([[-3.0, 0.9, 12.0, 0.4]])  # temperature, humidity, wind, precipitation
    variables = model.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, weather, 2)
    loads = forecast_section(model, variables, weather, hours=8, seed=7)
    return loads
