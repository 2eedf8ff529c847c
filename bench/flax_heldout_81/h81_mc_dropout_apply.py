# label: same-values
# flax-error: none
# class: 3 the same dropout key is passed to apply(rngs=...) on every fori_loop iteration
"""MC-dropout uncertainty for a regressor: T stochastic forward passes collected with lax.fori_loop."""
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
        y = model.apply(params, x, deterministic=False, rngs={"dropout": dropout_key})
        return preds.at[t].set(y[:, 0])

    samples = jax.lax.fori_loop(0, T, body, jnp.zeros((T, x.shape[0])))
    return samples
