# label: ok
# flax-error: none
# class: 3 one dropout key per step passed through the scan xs
"""MC-dropout, fixed: split the key into T keys and scan over them."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Net(nn.Module):
    @nn.compact
    def __call__(self, x, deterministic: bool):
        return nn.Dropout(rate=0.5)(x, deterministic=deterministic)


def main():
    model = Net()
    x = jnp.ones((6,))
    variables = model.init(jax.random.PRNGKey(0), x, deterministic=True)
    keys = jax.random.split(jax.random.PRNGKey(42), 5)

    def sample(carry, key):
        y = model.apply(variables, x, deterministic=False, rngs={"dropout": key})
        return carry, y != 0

    _, masks = jax.lax.scan(sample, None, keys)
    return masks
