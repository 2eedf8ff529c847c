# label: same-values
# flax-error: none
# class: 5 a functools.partial of model.apply binds the variables and a fixed rngs={'dropout': key}; the scan body calls it
"""Monte Carlo dropout for predictive uncertainty, drawing the samples with a raw scan.

Modelled on the kind of question where MC dropout shows zero variance: the dropout key is bound
once into a partial of apply, so every sample in the loop uses the same mask. Returns the per-sample
predictions.
"""
from functools import partial

import jax
import jax.numpy as jnp
from flax import linen as nn


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x, deterministic: bool):
        h = nn.relu(nn.Dense(64)(x))
        h = nn.Dropout(0.3)(h, deterministic=deterministic)
        return nn.Dense(1)(h)


def main():
    model = Regressor()
    x = jnp.linspace(-1.0, 1.0, 10)[:, None]
    variables = model.init(jax.random.PRNGKey(0), x, deterministic=True)
    predict = partial(model.apply, variables, deterministic=False, rngs={'dropout': jax.random.PRNGKey(1)})

    def body(carry, _):
        return carry, predict(x)

    _, samples = jax.lax.scan(body, 0, None, length=16)
    mean, std = samples.mean(0), samples.std(0)
    std.block_until_ready()
    return samples
