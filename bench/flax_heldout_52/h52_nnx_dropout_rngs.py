# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a module holding nnx.Dropout and its nnx.Rngs closed over by the raw scan body, the RNG count advanced in place
"""Monte Carlo dropout at test time with an NNX model: T stochastic passes in lax.scan."""
import jax
import jax.numpy as jnp
from flax import nnx


class MCNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc = nnx.Linear(4, 8, rngs=rngs)
        self.drop = nnx.Dropout(0.5, rngs=rngs)

    def mask(self, x):
        h = self.fc(x)
        return self.drop(jnp.ones_like(h))


def main():
    model = MCNet(nnx.Rngs(params=0, dropout=1))
    x = jnp.ones((3, 4))

    def body(carry, _):
        return carry, model.mask(x)

    _, masks = jax.lax.scan(body, None, None, length=5)
    return masks
