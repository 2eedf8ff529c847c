# label: ok
# flax-error: none
# class: 5 build_spread_step wraps functools.partial(spread, model) in jax.checkpoint; the scan body calls it with a per-hour key from the xs, which the model's Dropout uses instead of its nnx.Rngs stream
"""Wildfire spread emulator: a cellular spread network with stochastic ignition (dropout on the
spread logits) advances a burning-fraction grid hour by hour; gradient checkpointing keeps the
memory of long rollouts flat. Returns the burned fraction per hour."""
import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class SpreadNet(nnx.Module):
    def __init__(self, n_cells, rngs: nnx.Rngs):
        self.neighbours = nnx.Linear(n_cells, n_cells, rngs=rngs)
        self.ignition = nnx.Dropout(0.25, rngs=rngs)

    def __call__(self, fuel_wind, key=None):
        return jax.nn.sigmoid(self.ignition(self.neighbours(fuel_wind), rngs=key))


def spread(model, burning, wind, key):
    return jnp.clip(burning + 0.3 * model(burning * wind, key), 0.0, 1.0)


def build_spread_step(model):
    return jax.checkpoint(functools.partial(spread, model))


class FireScenario:
    def __init__(self, model, horizon_hours):
        self.model = model
        self.horizon_hours = horizon_hours

    def rollout(self, ignition, wind_fields, key):
        step = build_spread_step(self.model)
        hour_keys = jax.random.split(key, wind_fields.shape[0])

        def hour(burning, inputs):
            wind, hour_key = inputs
            burning = step(burning, wind, hour_key)
            return burning, burning.mean()

        _, burned = jax.lax.scan(hour, ignition, (wind_fields, hour_keys))
        return burned


def main():
    model = SpreadNet(n_cells=16, rngs=nnx.Rngs(params=0, dropout=1))
    scenario = FireScenario(model, horizon_hours=6)
    ignition = jnp.zeros((16,)).at[7].set(1.0)
    wind_fields = jnp.abs(jnp.sin(jnp.linspace(0.0, 5.0, 6 * 16))).reshape(6, 16)
    return scenario.rollout(ignition, wind_fields, jax.random.key(3))
