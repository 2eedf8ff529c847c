# label: ok
# flax-error: none
# class: 3 nnx.split(model) before the raw scan, the state (RNG count included) carried and re-split in the body
"""Monte Carlo dropout with an NNX model in lax.scan, the RNG state carried through the loop."""
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
    graphdef, state = nnx.split(model)

    def body(state, _):
        m = nnx.merge(graphdef, state)
        mask = m.mask(x)
        return nnx.state(m), mask

    state, masks = jax.lax.scan(body, state, None, length=5)
    nnx.update(model, state)
    return masks
