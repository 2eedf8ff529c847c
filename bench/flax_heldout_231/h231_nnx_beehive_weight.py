# label: same-values
# flax-error: none
# class: 2 the local `key`, drawn once from rngs.dropout() in forecast_hive, builds the nnx.Rngs passed to the model in every while_loop step
"""Monte Carlo dropout forecast of hive weight for an apiary's scale network.

Hive scales report weight, brood temperature and humidity every hour; the forecast draws several
dropout samples of tomorrow's weight change for each hive so beekeepers see the uncertainty.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class HiveWeightNet(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.25)
        self.delta = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, readings, *, rngs: nnx.Rngs):
        h = self.drop(nnx.relu(self.hidden(readings)), rngs=rngs)
        return self.delta(h)[..., 0]


def forecast_hive(model: HiveWeightNet, readings, rngs: nnx.Rngs, n_samples: int):
    key = rngs.dropout()

    def more(state):
        i, _ = state
        return i < n_samples

    def sample(state):
        i, draws = state
        delta = model(readings, rngs=nnx.Rngs(dropout=key))
        return i + 1, draws.at[i].set(delta)

    draws = jnp.zeros((n_samples, readings.shape[0]))
    _, draws = jax.lax.while_loop(more, sample, (0, draws))
    return draws


def main():
    readings = jax.random.normal(jax.random.key(51), (5, 3))  # hives x (weight, temp, humidity)
    model = HiveWeightNet(3, nnx.Rngs(params=0))
    return forecast_hive(model, readings, nnx.Rngs(dropout=1), n_samples=6)
