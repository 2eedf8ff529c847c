# label: ok
# flax-error: none
# class: 3 the dropout key is folded with the fori_loop index before apply(rngs=...)
"""MC-dropout uncertainty: per-pass dropout keys derived with jax.random.fold_in(key, t)."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x, deterministic: bool):
        x = nn.relu(nn.Dense(32)(x))
        x = nn.Dropout(0.3, deterministic=deterministic)(x)
        return nn.Dense(1)(x)


def main():
    model = Regressor()
    x = jnp.linspace(-1, 1, 8)[:, None]
    params = model.init(jax.random.PRNGKey(0), x, deterministic=True)
    dropout_key = jax.random.PRNGKey(7)
    T = 8

    def body(t, preds):
        key = jax.random.fold_in(dropout_key, t)
        y = model.apply(params, x, deterministic=False, rngs={"dropout": key})
        return preds.at[t].set(y[:, 0])

    samples = jax.lax.fori_loop(0, T, body, jnp.zeros((T, x.shape[0])))
    return samples
