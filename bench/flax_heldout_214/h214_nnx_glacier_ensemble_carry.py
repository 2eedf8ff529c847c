# label: ok
# flax-error: none
# class: 5 make_member_step(graphdef) returns a step that merges the state carried through the scan and returns nnx.state of the merged model, Dropout Rngs included
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


def make_member_step(graphdef, weather):
    def member(state, _):
        model = nnx.merge(graphdef, state)
        curve = model(weather)
        return nnx.state(model), curve
    return member


class EnsembleForecaster:
    def __init__(self, model, members: int = 5):
        self.model = model
        self.members = members

    def discharge(self, weather):
        graphdef, state = nnx.split(self.model)
        step = make_member_step(graphdef, weather)
        state, curves = jax.lax.scan(step, state, None, length=self.members)
        nnx.update(self.model, state)
        return curves


def main():
    weather = jnp.array([[3.1, 0.2, 0.0, 0.7], [5.4, 0.0, 0.1, 0.9], [1.2, 0.6, 0.3, 0.4]])
    forecaster = EnsembleForecaster(RunoffNet(nnx.Rngs(0, dropout=9)))
    return forecaster.discharge(weather)
