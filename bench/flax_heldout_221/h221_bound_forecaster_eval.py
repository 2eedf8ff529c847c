# label: ok
# flax-error: none
# class: 3 the scan body calls self.net(window, train=False), the bound model on the Forecaster object, which only reads its statistics
"""Autoregressive time-series forecast with a bound Linen model.

Twin of h221_bound_forecaster: the bound model is called with train=False in
the scan body, so BatchNorm uses the stored running averages.
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
            y = self.net(window, train=False)
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
