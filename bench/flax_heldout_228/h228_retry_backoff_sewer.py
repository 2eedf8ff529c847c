# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 with_backoff wraps the training step in a lax.while_loop retry; the step closes over the train-mode BatchNorm model and applies it without mutable
"""Retry/backoff around a step: a combined-sewer-overflow level forecaster whose update is
retried with a halved step size while the loss comes back non-finite."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class OverflowForecaster(nn.Module):
    @nn.compact
    def __call__(self, rainfall, train: bool = True):
        h = nn.Dense(8)(rainfall)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(1)(nn.tanh(h))


def with_backoff(step, max_attempts=4, factor=0.5):
    """Calls step(variables, batch, lr) again with lr * factor until the loss is finite."""

    def retried(variables, batch, lr):
        def should_retry(state):
            attempt, _, loss, _ = state
            return (attempt < max_attempts) & ~jnp.isfinite(loss)

        def attempt_once(state):
            attempt, rate, _, _ = state
            loss, new_variables = step(variables, batch, rate)
            return attempt + 1, rate * factor, loss, new_variables

        init = (jnp.int32(0), jnp.float32(lr), jnp.float32(jnp.inf), variables)
        _, _, loss, new_variables = lax.while_loop(should_retry, attempt_once, init)
        return loss, new_variables

    return retried


def make_train_step(model):
    def step(variables, batch, lr):
        rainfall, level = batch

        def loss_fn(params):
            pred = model.apply({**variables, "params": params}, rainfall, train=True)
            return jnp.mean((pred - level) ** 2)

        loss, grads = jax.value_and_grad(loss_fn)(variables["params"])
        params = jax.tree.map(lambda p, g: p - lr * g, variables["params"], grads)
        return loss, {**variables, "params": params}

    return step


def main():
    model = OverflowForecaster()
    rainfall = jax.random.uniform(jax.random.key(5), (16, 3))
    level = jnp.sum(rainfall, axis=-1, keepdims=True)
    variables = model.init(jax.random.key(0), rainfall)
    train_step = with_backoff(make_train_step(model))
    loss, variables = train_step(variables, (rainfall, level), 0.1)
    loss.block_until_ready()
    return None
