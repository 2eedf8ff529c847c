# label: same-values
# flax-error: none
# class: 1 dropout key closed over by the raw scan body and reused every step
"""MC-dropout uncertainty: apply the model T times in a scan with one dropout key."""
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
    dropout_key = jax.random.PRNGKey(42)

    def sample(carry, _):
        y = model.apply(variables, x, deterministic=False, rngs={"dropout": dropout_key})
        return carry, y != 0

    _, masks = jax.lax.scan(sample, None, None, length=5)
    return masks
