# label: same-values
# flax-error: none
# class: 3 a fixed key is passed as Dropout's rngs= argument inside the scan body (the fix for the RngCount error, done wrong)
"""MC-dropout (NNX): after an RngCount error the user passes an explicit key to Dropout inside lax.scan."""
import jax
import jax.numpy as jnp
from flax import nnx


class Head(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(6, 6, rngs=rngs)
        self.drop = nnx.Dropout(0.5)

    def __call__(self, x, key):
        return self.drop(nnx.relu(self.fc(x)), deterministic=False, rngs=key)


def main():
    head = Head(nnx.Rngs(0))
    x = jnp.ones((3, 6))
    key = jax.random.key(4)

    def sample(carry, _):
        y = head(x, key)
        mask = (y != 0).astype(jnp.float32)
        return carry, mask

    _, masks = jax.lax.scan(sample, None, None, length=10)
    return masks
