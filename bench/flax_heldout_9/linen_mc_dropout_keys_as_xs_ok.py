# label: ok
# flax-error: none
# class: 4 MC dropout: keys split outside and fed as xs through a module-level unroll wrapper; apply gets a fresh dropout rng per step
import jax
import jax.numpy as jnp
import jax.lax as lax
import flax.linen as nn


def unroll(fn, init, xs):
    return lax.scan(fn, init, xs)


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x, deterministic: bool):
        h = nn.relu(nn.Dense(16)(x))
        h = nn.Dropout(0.5, deterministic=deterministic)(h)
        return nn.Dense(1)(h)


def mc_predict(model, params, x, keys):
    def sample(carry, key):
        y = model.apply(params, x, deterministic=False, rngs={"dropout": key})
        return carry, y

    _, ys = unroll(sample, None, keys)
    return ys


def main():
    model = Regressor()
    x = jnp.ones((3,))
    params = model.init(jax.random.key(0), x, deterministic=True)
    keys = jax.random.split(jax.random.key(1), 5)
    return mc_predict(model, params, x, keys)
