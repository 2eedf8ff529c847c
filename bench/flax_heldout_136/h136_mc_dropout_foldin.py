# label: ok
# flax-error: none
# class: 5 a functools.partial of model.apply binds the variables; the scan body passes rngs={'dropout': fold_in(key, i)}
"""Monte Carlo dropout for predictive uncertainty, drawing the samples with a raw scan.

The partial binds only the variables; each sample folds its index into the dropout key. Returns
the per-sample predictions.
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
    predict = partial(model.apply, variables, deterministic=False)
    key = jax.random.PRNGKey(1)

    def body(carry, i):
        return carry, predict(x, rngs={'dropout': jax.random.fold_in(key, i)})

    _, samples = jax.lax.scan(body, 0, jnp.arange(16))
    mean, std = samples.mean(0), samples.std(0)
    std.block_until_ready()
    return samples
