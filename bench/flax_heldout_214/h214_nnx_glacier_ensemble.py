# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_member_step(graphdef, state) returns a step that merges the closed-over state each scan step; the merged model's Dropout draws from its Rngs
"""Glacier meltwater runoff: a runoff model with dropout gives an ensemble of daily
discharge curves for the hydropower intake downstream."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class RunoffNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(4, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, weather):
        return nnx.softplus(self.out(self.drop(nnx.relu(self.hidden(weather)))))[..., 0]


def make_member_step(graphdef, state, weather):
    def member(carry, _):
        model = nnx.merge(graphdef, state)
        return carry, model(weather)
    return member


class EnsembleForecaster:
    def __init__(self, model, members: int = 5):
        self.model = model
        self.members = members

    def discharge(self, weather):
        graphdef, state = nnx.split(self.model)
        step = make_member_step(graphdef, state, weather)
        _, curves = jax.lax.scan(step, None, None, length=self.members)
        return curves


def main():
    weather = jnp.array([[3.1, 0.2, 0.0, 0.7], [5.4, 0.0, 0.1, 0.9], [1.2, 0.6, 0.3, 0.4]])
    forecaster = EnsembleForecaster(RunoffNet(nnx.Rngs(0, dropout=9)))
    return forecaster.discharge(weather)
