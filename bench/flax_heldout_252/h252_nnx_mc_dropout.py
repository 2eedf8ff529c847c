# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 functools.partial binds the model to a predict function; the fori_loop body calls the partial and the model's Dropout draws from its nnx.Rngs
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class MCDropoutRegressor(nnx.Module):
    def __init__(self, din, hidden, rate, *, rngs):
        self.fc1 = nnx.Linear(din, hidden, rngs=rngs)
        self.drop1 = nnx.Dropout(rate, rngs=rngs)
        self.fc2 = nnx.Linear(hidden, hidden, rngs=rngs)
        self.drop2 = nnx.Dropout(rate, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        x = self.drop1(nnx.gelu(self.fc1(x)))
        x = self.drop2(nnx.gelu(self.fc2(x)))
        return self.out(x)[..., 0]


def predict(model, x):
    return model(x)


def predictive_moments(model, x, num_samples=8):
    sample_fn = functools.partial(predict, model)

    def body(i, samples):
        return samples.at[i].set(sample_fn(x))

    samples = jax.lax.fori_loop(0, num_samples, body, jnp.zeros((num_samples, x.shape[0])))
    return samples.mean(0), samples.std(0)


def main():
    model = MCDropoutRegressor(3, 32, 0.2, rngs=nnx.Rngs(params=0, dropout=1))
    x = jnp.linspace(-2.0, 2.0, 15).reshape(5, 3)
    mean, std = predictive_moments(model, x)
    jax.block_until_ready((mean, std))
