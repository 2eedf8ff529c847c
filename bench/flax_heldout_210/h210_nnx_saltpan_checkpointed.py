# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 evaporate() wraps model calls in jax.checkpoint via the rematerialize helper; the wrapped call, run in the while_loop body, writes the model's nnx.Cache of the last brine level
"""Salt pans: advance brine concentration day by day until the pans reach harvest density."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class EvaporationModel(nnx.Module):
    def __init__(self, pans: int, *, rngs: nnx.Rngs):
        self.weather = nnx.Linear(3, pans, rngs=rngs)
        self.last_brine = nnx.Cache(jnp.zeros((pans,)))

    def __call__(self, brine, weather):
        rate = nnx.softplus(self.weather(weather)) * 0.05
        self.last_brine[...] = brine
        return brine * (1.0 + rate)


def rematerialize(fn):
    """Memory policy shared by the plant's simulators."""
    return jax.checkpoint(fn, prevent_cse=False)


def evaporate(model, brine, forecast, harvest=25.0):
    @rematerialize
    def advance(brine, weather):
        return model(brine, weather)

    def cond(state):
        day, brine = state
        return (day < forecast.shape[0]) & (brine.min() < harvest)

    def body(state):
        day, brine = state
        return day + 1, advance(brine, forecast[day])

    return while_loop(cond, body, (0, brine))


def main():
    forecast = jnp.tile(jnp.array([[0.8, 0.3, 0.6]]), (30, 1))  # days x (sun, humidity, wind)
    brine = jnp.array([3.5, 6.0, 9.2, 14.0])  # degrees Baume per pan
    model = EvaporationModel(4, rngs=nnx.Rngs(1))
    evaporate(model, brine, forecast)
    return None
