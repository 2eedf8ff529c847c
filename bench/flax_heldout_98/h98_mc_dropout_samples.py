# label: same-values
# flax-error: none
# class: 5 MC-dropout predictive samples from jax.lax.scan; the body calls model.apply with rngs={"dropout": key} closed over from outside
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x, deterministic: bool):
        x = nn.relu(nn.Dense(32)(x))
        x = nn.Dropout(0.3)(x, deterministic=deterministic)
        return nn.Dense(1)(x)


def main():
    model = Regressor()
    x = jnp.linspace(0, 1, 10)[:, None]
    params = model.init(jax.random.key(0), x, deterministic=True)
    key = jax.random.key(42)

    def sample(carry, _):
        y = model.apply(params, x, deterministic=False, rngs={"dropout": key})
        return carry, y

    _, samples = lax.scan(sample, None, None, length=8)
    return samples  # [sample, point, 1]
