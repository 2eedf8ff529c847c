# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "prev_forecast" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a local dict of bound methods {"forecast": forecaster.apply} and the local variables go straight into the dispatch scan body; the forecaster writes its 'cache' collection
"""Power distribution: balance feeder loads over the day. A Linen forecaster predicts the next
interval's load per feeder from the current measurements and its own previous forecast, kept
in a 'cache' collection; the balancer shifts flexible load toward the least loaded feeders."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class FeederForecaster(nn.Module):
    n_feeders: int

    @nn.compact
    def __call__(self, measured):
        prev = self.variable("cache", "prev_forecast", jnp.zeros, (self.n_feeders,))
        x = jnp.concatenate([measured, prev.value])
        forecast = measured + nn.Dense(self.n_feeders)(nn.tanh(nn.Dense(16)(x)))
        prev.value = forecast
        return forecast


def main():
    n_feeders = 5
    forecaster = FeederForecaster(n_feeders=n_feeders)
    variables = forecaster.init(jax.random.key(0), jnp.zeros((n_feeders,)))
    ops = {"forecast": forecaster.apply, "init": forecaster.init}
    capacity = jnp.array([10.0, 8.0, 12.0, 6.0, 9.0])
    intervals = 4.0 + jax.random.uniform(jax.random.key(1), (24, n_feeders)) * 3.0

    def dispatch(flexible, measured):
        forecast = ops["forecast"](variables, measured)
        headroom = jnp.maximum(capacity - forecast, 0.0)
        share = headroom / (jnp.sum(headroom) + 1e-6)
        return flexible * 0.9, share * flexible

    _, shifted = jax.lax.scan(dispatch, jnp.asarray(20.0), intervals)
    shifted.block_until_ready()
    return None
