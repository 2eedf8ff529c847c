# label: ok
# flax-error: none
# class: 2 forecast = functools.partial(model.apply, mutable=["cache"]) is a local of simulate_route; the "cache" collection goes through the while_loop state
"""Tram power draw: an autoregressive forecaster predicts the traction power of the next
stop from the gradient ahead and the draw it predicted at the previous stop."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class TractionForecaster(nn.Module):
    hidden: int = 10

    @nn.compact
    def __call__(self, gradient):
        prev = self.variable("cache", "prev_draw", lambda: jnp.zeros(()))
        x = jnp.stack([gradient, prev.value])
        draw = nn.softplus(nn.Dense(1)(nn.relu(nn.Dense(self.hidden)(x))))[0]
        if not self.is_initializing():
            prev.value = draw
        return draw


def simulate_route(model, variables, gradients, budget):
    forecast = functools.partial(model.apply, mutable=["cache"])
    params = variables["params"]

    def cond(state):
        stop, energy, _ = state
        return (stop < gradients.shape[0]) & (energy < budget)

    def body(state):
        stop, energy, cache = state
        draw, updates = forecast({"params": params, "cache": cache}, gradients[stop])
        return stop + 1, energy + draw, updates["cache"]

    return lax.while_loop(cond, body, (0, jnp.zeros(()), variables["cache"]))


def main():
    model = TractionForecaster()
    gradients = jnp.sin(jnp.linspace(0.0, 3.0, 12)) * 0.04
    variables = model.init(jax.random.key(0), gradients[0])
    simulate_route(model, variables, gradients, budget=50.0)
    return None
