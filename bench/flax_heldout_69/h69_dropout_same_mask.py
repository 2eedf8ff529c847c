# label: same-values
# flax-error: none
# class: 4 one dropout key closed over by the lax.scan body and passed to apply(rngs=...) at every step
"""'Dropout gives the same mask every step': the training loop was rewritten with lax.scan and
the user checks the masks by running the dropout layer on ones."""
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

    def step(carry, _):
        mask = model.apply({"params": params}, x, train=True, rngs={"dropout": dropout_key})
        return carry, mask

    _, masks = lax.scan(step, 0, None, length=5)
    return masks
