# label: ok
# flax-error: none
# class: 5 the KilnController keeps functools.partial(model.apply, variables, train=True) as self.forward; the while_loop carries a dropout key, splits it each pass and hands the new key to the partial
"""Kiln firing: Monte Carlo dropout passes give an uncertainty band for the next temperature ramp."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class RampPredictor(nn.Module):
    hidden: int = 24
    rate: float = 0.3

    @nn.compact
    def __call__(self, thermocouples, train: bool = False):
        h = nn.relu(nn.Dense(self.hidden, name="firebox")(thermocouples))
        h = nn.Dropout(self.rate, deterministic=not train)(h)
        return nn.Dense(3, name="ramp")(h)


class KilnController:
    def __init__(self, model, variables, dropout_key, passes=6):
        self.forward = functools.partial(model.apply, variables, train=True)
        self.dropout_key = dropout_key
        self.passes = passes

    def ramp_samples(self, thermocouples):
        def still_sampling(state):
            index, _, _ = state
            return index < self.passes

        def one_pass(state):
            index, key, samples = state
            key, pass_key = jax.random.split(key)
            ramp = self.forward(thermocouples, rngs={"dropout": pass_key})
            return index + 1, key, samples.at[index].set(ramp)

        empty = jnp.zeros((self.passes, 3))
        _, self.dropout_key, samples = jax.lax.while_loop(still_sampling, one_pass, (0, self.dropout_key, empty))
        return samples


def main():
    model = RampPredictor()
    thermocouples = jnp.array([812.0, 790.5, 845.2, 801.7, 830.0]) / 1000.0
    variables = model.init(jax.random.key(0), thermocouples)
    controller = KilnController(model, variables, jax.random.key(42))
    return controller.ramp_samples(thermocouples)
