# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "latest" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the scan body applies forecaster.model with forecaster.variables and method=update_and_predict, which put_variable()s the latest occupancy into 'cache'
"""City parking: forecast garage occupancy interval by interval from sensor counts.

The forecaster object keeps the network and its variables; each interval's forecast is
cached on the model so the dashboard can read the latest one.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

N_GARAGES = 5


class OccupancyNet(nn.Module):
    @nn.compact
    def __call__(self, counts, prev):
        x = jnp.concatenate([counts, prev])
        return nn.sigmoid(nn.Dense(N_GARAGES)(nn.relu(nn.Dense(16)(x))))

    def update_and_predict(self, counts, prev):
        occupancy = self(counts, prev)
        self.put_variable("cache", "latest", occupancy)
        return occupancy


class OccupancyForecaster:
    def __init__(self, seed=0):
        self.model = OccupancyNet()
        dummy = jnp.zeros((N_GARAGES,))
        self.variables = self.model.init(jax.random.key(seed), dummy, dummy)

    def run_day(self, sensor_counts):
        def interval(prev, counts):
            occ = self.model.apply(
                self.variables, counts, prev, method=OccupancyNet.update_and_predict
            )
            return occ, None

        last, _ = lax.scan(interval, jnp.zeros((N_GARAGES,)), sensor_counts)
        return last


def main():
    counts = jax.random.uniform(jax.random.key(3), (12, N_GARAGES))
    forecaster = OccupancyForecaster()
    forecaster.run_day(counts)
    return None
