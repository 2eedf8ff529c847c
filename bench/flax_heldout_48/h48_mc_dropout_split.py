# label: ok
# flax-error: none
# class: 4 one dropout key per sample from jax.random.split is scanned over as xs and passed as rngs={'dropout': k}
"""MC-dropout after the fix: split the key into one key per sample and scan over the keys."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.relu(nn.Dense(32)(x))
        x = nn.Dropout(rate=0.3, deterministic=not train)(x)
        return nn.Dense(1)(x)


def main():
    model = Regressor()
    x = jnp.linspace(-1, 1, 6)[:, None]
    params = model.init(jax.random.PRNGKey(0), x)["params"]
    keys = jax.random.split(jax.random.PRNGKey(42), 8)

    def sample(_, k):
        y = model.apply({"params": params}, x, train=True, rngs={"dropout": k})
        return None, y

    _, preds = jax.lax.scan(sample, None, keys)
    return preds
