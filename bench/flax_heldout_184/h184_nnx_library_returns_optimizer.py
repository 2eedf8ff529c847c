# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 2 the local model and nnx.Optimizer built in fit_daily go into the fori_loop body directly, which differentiates and updates them there
"""Public-library book-returns forecaster, refitted nightly: each day of the last
month is one optimisation step over that day's branch features."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class ReturnsForecaster(nnx.Module):
    def __init__(self, n_features, rngs):
        self.trend = nnx.Linear(n_features, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.out(nnx.tanh(self.trend(x))))[..., 0]


def poisson_loss(model, x, y):
    rate = model(x)
    return jnp.mean(rate - y * jnp.log(rate + 1e-6))


def fit_daily(features, returns, seed=0):
    model = ReturnsForecaster(features.shape[-1], nnx.Rngs(seed))
    optimizer = nnx.Optimizer(model, optax.adamw(3e-3), wrt=nnx.Param)

    def train_day(day, running):
        loss, grads = nnx.value_and_grad(poisson_loss)(model, features[day], returns[day])
        optimizer.update(model, grads)
        return running + loss

    total = lax.fori_loop(0, features.shape[0], train_day, jnp.float32(0.0))
    return model, total / features.shape[0]


def main():
    features = jax.random.normal(jax.random.key(1), (30, 12, 5))
    returns = jnp.round(jnp.exp(features[..., 0]))
    model, mean_loss = fit_daily(features, returns)
    float(mean_loss)
    return None
