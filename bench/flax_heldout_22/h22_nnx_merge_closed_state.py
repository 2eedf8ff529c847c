# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 scan body calls the helper forward(graphdef, state, x), which nnx.merge()s the state closed over from outside the loop and runs the Dropout model
# modelled on: google/flax#4771 Scan over layers does not work with jax.grad? (split/merge flow) and google/flax#4151 `nnx.Dropout` in combination with `jax.lax.scan`
"""MC-dropout uncertainty estimate computed with the functional split/merge API."""

import jax
import jax.numpy as jnp
from flax import nnx

NUM_SAMPLES, DIN, DOUT = 5, 6, 2


class Block(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.linear = nnx.Linear(DIN, 16, rngs=rngs)
        self.dropout = nnx.Dropout(0.3, rngs=rngs)
        self.out = nnx.Linear(16, DOUT, rngs=rngs)

    def __call__(self, x):
        return self.out(jax.nn.relu(self.dropout(self.linear(x))))


def forward(graphdef, state, x):
    model = nnx.merge(graphdef, state)
    return model(x)


def mc_dropout_predict(model, x):
    graphdef, state = nnx.split(model)

    def sample(_, __):
        return None, forward(graphdef, state, x)

    _, preds = jax.lax.scan(sample, None, None, length=NUM_SAMPLES)
    return preds.mean(axis=0), preds.std(axis=0), preds


def main():
    model = Block(nnx.Rngs(params=0, dropout=1))
    x = jax.random.normal(jax.random.key(2), (3, DIN))
    mean, std, preds = mc_dropout_predict(model, x)
    std.block_until_ready()
    return preds
