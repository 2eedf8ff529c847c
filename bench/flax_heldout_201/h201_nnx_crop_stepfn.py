# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got RngCount( # 1 (4 B)
# class: 5 fit_season calls the step function returned by make_train_step(model, optimizer) (a closure over the live model and nnx.Optimizer) in the scan body
"""County-level crop yield forecasting from weekly weather aggregates.

Training code builds a step function with a factory, the way the team's trainer
library does, and runs one step per week of the season inside a scan.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

lax = jax.lax


class YieldModel(nnx.Module):
    def __init__(self, n_weather, rngs: nnx.Rngs):
        self.weather = nnx.Linear(n_weather, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(self.drop(nnx.relu(self.weather(x))))[..., 0]


def make_train_step(model, optimizer):
    def loss_fn(m, x, y):
        return jnp.mean((m(x) - y) ** 2)

    def train_step(x, y):
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return loss

    return train_step


def fit_season(step_fn, weeks_x, weeks_y):
    def week(carry, batch):
        loss = step_fn(*batch)
        return carry, loss

    _, losses = lax.scan(week, None, (weeks_x, weeks_y))
    return losses


def main():
    model = YieldModel(5, rngs=nnx.Rngs(params=0, dropout=1))
    optimizer = nnx.Optimizer(model, optax.adamw(3e-3), wrt=nnx.Param)
    x = jax.random.normal(jax.random.PRNGKey(1), (16, 32, 5))
    y = x[..., 0] * 0.4 - x[..., 2] * 0.2 + 3.0
    losses = fit_season(make_train_step(model, optimizer), x, y)
    jax.block_until_ready(losses)
    return None
