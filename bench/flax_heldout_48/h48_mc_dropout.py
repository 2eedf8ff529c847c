# label: same-values
# flax-error: none
# class: 4 model.apply(..., rngs={'dropout': key}) inside a raw jax.lax.scan body reuses the same closed-over key for every sample
"""MC-dropout uncertainty: 'all my samples are identical' -- the key is never split."""
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
    key = jax.random.PRNGKey(42)

    def sample(_, __):
        y = model.apply({"params": params}, x, train=True, rngs={"dropout": key})
        return None, y

    _, preds = jax.lax.scan(sample, None, None, length=8)
    return preds
