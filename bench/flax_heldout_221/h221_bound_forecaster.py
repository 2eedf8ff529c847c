# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the scan body calls self.net, a Linen model bound with model.bind(variables) and stored on the Forecaster object
"""Autoregressive time-series forecast with a bound Linen model.

Modelled on questions about `module.bind` in notebooks: the user binds the
trained model once, keeps it on a Forecaster helper object and rolls the
forecast forward with jax.lax.scan, feeding each prediction back in. The
network's `train` argument defaults to True.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class MLPForecaster(nn.Module):
    window: int = 6

    @nn.compact
    def __call__(self, x, train: bool = True):
        h = nn.Dense(24)(x)
        h = nn.BatchNorm(use_running_average=not train)(h)
        h = nn.swish(h)
        return nn.Dense(1)(h)[..., 0]


class Forecaster:
    def __init__(self, model, variables):
        self.net = model.bind(variables)

    def rollout(self, history, horizon):
        def step(window, _):
            y = self.net(window)
            window = jnp.concatenate([window[:, 1:], y[:, None]], axis=1)
            return window, y

        _, preds = jax.lax.scan(step, history, None, length=horizon)
        return preds.T


def main():
    model = MLPForecaster()
    t = jnp.arange(4 * 6, dtype=jnp.float32).reshape(4, 6)
    history = jnp.sin(t / 3.0)
    variables = model.init(jax.random.PRNGKey(0), history)
    forecaster = Forecaster(model, variables)
    preds = forecaster.rollout(history, horizon=10)
    print(preds.shape)
    return None
