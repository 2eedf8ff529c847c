# label: ok
# flax-error: none
# class: 1 EmberSpotting.simulate owns self.rngs, draws one key from its "ember" stream and splits it in the lax.while_loop state every step
"""Wildfire ember spotting (NNX): hourly ignition sampling across grid cells downwind of a front."""
import jax
import jax.numpy as jnp
from flax import nnx


class EmberSpotting(nnx.Module):
    def __init__(self, cells, rngs: nnx.Rngs):
        self.wind = nnx.Linear(3, cells, rngs=rngs)
        self.rngs = rngs

    def simulate(self, weather, hours):
        ignition_p = nnx.sigmoid(self.wind(weather))
        key = self.rngs.ember()

        def cond(state):
            hour, _, _ = state
            return hour < hours

        def body(state):
            hour, key, spots = state
            key, sub = jax.random.split(key)
            ignited = jax.random.bernoulli(sub, ignition_p)
            return hour + 1, key, spots.at[hour].set(ignited)

        empty = jnp.zeros((hours, ignition_p.shape[0]), bool)
        _, _, spots = jax.lax.while_loop(cond, body, (0, key, empty))
        return spots


def main():
    model = EmberSpotting(30, rngs=nnx.Rngs(params=0, ember=7))
    weather = jnp.array([0.8, -0.2, 1.5])
    return model.simulate(weather, hours=6)
