# label: ok
# flax-error: none
# class: 2 forecast_humidity keeps the MC-dropout model in a local and the while_loop body takes nnx.clone(model) each iteration, calling it with one of the dropout keys split before the loop
"""Cheese aging cave: Monte-Carlo-dropout forecast of relative humidity for a wheel rack."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class HumidityNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.inp = nnx.Linear(4, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.out = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, sensors, rngs=None):
        h = nnx.relu(self.inp(sensors))
        return 80.0 + 10.0 * jnp.tanh(self.out(self.drop(h, rngs=rngs)))[..., 0]


def forecast_humidity(sensors, n_samples: int = 6, seed: int = 0):
    model = HumidityNet(nnx.Rngs(params=seed, dropout=seed + 1))
    model.train()

    sample_keys = jax.random.split(jax.random.key(seed + 100), n_samples)

    def cond(state):
        return state[0] < n_samples

    def body(state):
        i, draws = state
        replica = nnx.clone(model)
        return i + 1, draws.at[i].set(replica(sensors, rngs=sample_keys[i]))

    _, draws = while_loop(cond, body, (jnp.asarray(0), jnp.zeros((n_samples, sensors.shape[0]))))
    return draws


def main():
    # temperature degC, airflow m/s, wheel age weeks, door openings per hour, for three racks
    sensors = jnp.array([[11.5, 0.3, 6.0, 2.0], [12.0, 0.5, 10.0, 1.0], [10.8, 0.2, 3.0, 4.0]])
    return forecast_humidity(sensors)
