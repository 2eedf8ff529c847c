# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 functools.partial binds the nnx.Rngs into augment(); the partial is called inside the fori_loop body and draws from the Rngs
"""Test-time augmentation: average a classifier over randomly jittered/cropped copies of a batch."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Classifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(16, 32, rngs=rngs)
        self.fc2 = nnx.Linear(32, 4, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.relu(self.fc1(x)))


def augment(x, rngs: nnx.Rngs, scale=0.1):
    noise = scale * jax.random.normal(rngs.augment(), x.shape)
    shift = jax.random.randint(rngs.augment(), (), 0, x.shape[-1])
    return jnp.roll(x + noise, shift, axis=-1)


def tta_predict(model, x, rngs, num_views=6):
    aug = functools.partial(augment, rngs=rngs)
    probs = jnp.zeros((num_views,) + x.shape[:-1] + (4,))

    def body(i, probs):
        return probs.at[i].set(jax.nn.softmax(model(aug(x))))

    return lax.fori_loop(0, num_views, body, probs)


def main():
    model = Classifier(nnx.Rngs(0))
    x = jnp.linspace(-1.0, 1.0, 3 * 16).reshape(3, 16)
    per_view = tta_predict(model, x, nnx.Rngs(augment=7))
    return per_view
