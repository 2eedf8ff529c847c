# label: ok
# flax-error: none
# class: 5 a factory returns the scan step that merges the hive model from the carried state; the callbacks get the gains as the scan's output and the model merged from the final carry
"""Beehive weight forecasting: roll a nectar-flow model over the season, with callbacks watching each day."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class HiveModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.forage = nnx.Linear(4, 8, rngs=rngs)
        self.delta = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, weather):
        return self.delta(nnx.tanh(self.forage(weather)))[..., 0]


class SnapshotCallback:
    """Keeps the latest model so the dashboard can score the apiary without another rollout."""

    def __init__(self):
        self.latest = None

    def on_day(self, model, gain):
        self.latest = model


class WeightLogger:
    def __init__(self):
        self.days = 0

    def on_day(self, model, gain):
        self.days += 1


def make_rollout_step(graphdef):
    def step(carry, weather):
        state, weight = carry
        model = nnx.merge(graphdef, state)
        gain = model(weather)
        return (nnx.state(model), weight + gain), gain

    return step


class SeasonForecaster:
    def __init__(self, model, callbacks):
        self.model = model
        self.callbacks = callbacks

    def season(self, weather, start_weight):
        graphdef, state = nnx.split(self.model)
        step = make_rollout_step(graphdef)
        (state, weight), gains = lax.scan(step, (state, start_weight), weather)
        model = nnx.merge(graphdef, state)
        for gain in gains:
            for cb in self.callbacks:
                cb.on_day(model, gain)
        return weight


def main():
    weather = jax.random.normal(jax.random.key(0), (10, 3, 4))  # 10 days, 3 hives
    snapshot = SnapshotCallback()
    forecaster = SeasonForecaster(HiveModel(nnx.Rngs(0)), [WeightLogger(), snapshot])
    forecaster.season(weather, jnp.full((3,), 32.0))
    jax.block_until_ready(snapshot.latest(weather[-1]))
    return None
