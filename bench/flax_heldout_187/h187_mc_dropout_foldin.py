# label: ok
# flax-error: none
# class: 2 the PRNG key, a parameter of the enclosing mc_predict, goes into the scan body and is folded with the sample index on every step
"""Monte-Carlo dropout: run the regressor many times with dropout on and use the
spread of the predictions as an uncertainty estimate."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.relu(nn.Dense(64)(x))
        x = nn.Dropout(rate=0.3, deterministic=not train)(x)
        x = nn.relu(nn.Dense(64)(x))
        x = nn.Dropout(rate=0.3, deterministic=not train)(x)
        return nn.Dense(1)(x)


def mc_predict(model, params, x, key, num_samples=8):
    def one_sample(carry, i):
        pred = model.apply(params, x, train=True, rngs={"dropout": jax.random.fold_in(key, i)})
        return carry, pred[:, 0]

    _, preds = scan(one_sample, None, jnp.arange(num_samples))
    return preds


def main():
    model = Regressor()
    x = jnp.linspace(-2.0, 2.0, 10)[:, None]
    params = model.init(jax.random.key(0), x)
    preds = mc_predict(model, params, x, jax.random.key(1))
    mean, std = preds.mean(0), preds.std(0)
    return preds
