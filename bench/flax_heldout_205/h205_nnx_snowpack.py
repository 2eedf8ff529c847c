# label: trace-context
# flax-error: TraceContextError: Cannot mutate LayerTemperature from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 SnowpackModel.simulate runs lax.fori_loop whose body writes its own LayerTemperature variable
"""Avalanche risk service: simulate snowpack layer temperatures hour by hour and score instability."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class LayerTemperature(nnx.Variable):
    """Temperature of each snowpack layer, in degrees C."""


class SnowpackModel(nnx.Module):
    def __init__(self, n_layers: int, rngs: nnx.Rngs):
        self.conduct = nnx.Linear(n_layers + 2, n_layers, rngs=rngs)
        self.risk_head = nnx.Linear(n_layers, 1, rngs=rngs)
        self.temps = LayerTemperature(jnp.full((n_layers,), -5.0))

    def simulate(self, air_temp, radiation):
        def body(hour, peak_gradient):
            t = self.temps[...]
            drive = jnp.concatenate([t, air_temp[hour][None], radiation[hour][None]])
            self.temps[...] = t + 0.1 * jnp.tanh(self.conduct(drive))
            gradient = jnp.abs(jnp.diff(self.temps[...])).max()
            return jnp.maximum(peak_gradient, gradient)

        return lax.fori_loop(0, air_temp.shape[0], body, jnp.float32(0.0))

    def instability(self):
        return jax.nn.sigmoid(self.risk_head(self.temps[...]))[0]


class AvalancheBulletin:
    def __init__(self, model: SnowpackModel):
        self.model = model

    def issue(self, air_temp, radiation):
        peak = self.model.simulate(air_temp, radiation)
        level = 1 + jnp.round(4 * self.model.instability())
        return {"peak_gradient": peak, "danger_level": level}


def main():
    hours = 24
    air = -8.0 + 6.0 * jnp.sin(jnp.linspace(0, 2 * jnp.pi, hours))
    rad = jnp.clip(jnp.sin(jnp.linspace(-1.0, 4.0, hours)), 0.0, None)
    bulletin = AvalancheBulletin(SnowpackModel(6, nnx.Rngs(0)))
    jax.block_until_ready(bulletin.issue(air, rad))
    return None
