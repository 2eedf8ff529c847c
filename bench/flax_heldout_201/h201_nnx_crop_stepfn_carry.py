# label: ok
# flax-error: none
# class: 5 fit_season calls the pure step function returned by make_train_step(graphdef) in the scan body; the nnx.split state of model and nnx.Optimizer is carried and merged back
"""County-level crop yield forecasting from weekly weather aggregates.

Training code builds a step function with a factory, the way the team's trainer
library does, and runs one step per week of the season inside a scan. The factory
returns a pure function of the split (model, optimizer) state.
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


def make_train_step(graphdef):
    def loss_fn(m, x, y):
        return jnp.mean((m(x) - y) ** 2)

    def train_step(state, x, y):
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), loss

    return train_step


def fit_season(step_fn, state, weeks_x, weeks_y):
    def week(state, batch):
        state, loss = step_fn(state, *batch)
        return state, loss

    return lax.scan(week, state, (weeks_x, weeks_y))


def main():
    model = YieldModel(5, rngs=nnx.Rngs(params=0, dropout=1))
    optimizer = nnx.Optimizer(model, optax.adamw(3e-3), wrt=nnx.Param)
    graphdef, state = nnx.split((model, optimizer))
    x = jax.random.normal(jax.random.PRNGKey(1), (16, 32, 5))
    y = x[..., 0] * 0.4 - x[..., 2] * 0.2 + 3.0
    state, losses = fit_season(make_train_step(graphdef), state, x, y)
    nnx.update((model, optimizer), state)
    jax.block_until_ready(losses)
    return None
