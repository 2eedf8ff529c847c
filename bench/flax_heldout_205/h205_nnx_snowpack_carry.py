# label: ok
# flax-error: none
# class: 1 SnowpackModel.simulate runs lax.fori_loop carrying the layer temperatures, written to its LayerTemperature variable after the loop
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
        def body(hour, carry):
            t, peak_gradient = carry
            drive = jnp.concatenate([t, air_temp[hour][None], radiation[hour][None]])
            t = t + 0.1 * jnp.tanh(self.conduct(drive))
            gradient = jnp.abs(jnp.diff(t)).max()
            return t, jnp.maximum(peak_gradient, gradient)

        temps, peak = lax.fori_loop(0, air_temp.shape[0], body, (self.temps[...], jnp.float32(0.0)))
        self.temps[...] = temps
        return peak

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
