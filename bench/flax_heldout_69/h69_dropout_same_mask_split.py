# label: ok
# flax-error: none
# class: 4 dropout keys split before the lax.scan and fed in as xs, one per step, to apply(rngs=...)
"""'Dropout gives the same mask every step': the fix from the answer, split the key into one
key per step and scan over the keys."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(16)(x)
        return nn.Dropout(rate=0.5, deterministic=not train)(jnp.ones_like(x))


def main():
    model = MLP()
    key = jax.random.PRNGKey(0)
    params_key, dropout_key = jax.random.split(key)
    x = jnp.ones((4, 8))
    params = model.init(params_key, x, train=False)["params"]

    def step(carry, k):
        mask = model.apply({"params": params}, x, train=True, rngs={"dropout": k})
        return carry, mask

    _, masks = lax.scan(step, 0, jax.random.split(dropout_key, 5))
    return masks
