# label: ok
# flax-error: none
# class: 3 nnx.split before the raw fori_loop; the BatchNorm state is merged and re-split in the loop carry
"""'lax.fori_loop with BatchNorm' (NNX), after the maintainer's suggestion: split the model,
carry the state through jax.lax.fori_loop, merge inside and update the model afterwards."""
import jax
import jax.numpy as jnp
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(3, 6, rngs=rngs)
        self.bn = nnx.BatchNorm(6, momentum=0.9, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.lin(x)))


def main():
    model = Net(nnx.Rngs(0))
    model.train()
    data = jnp.cos(jnp.arange(5 * 4 * 3, dtype=jnp.float32)).reshape(5, 4, 3)
    graphdef, state = nnx.split(model)

    def body(i, carry):
        state, acc = carry
        m = nnx.merge(graphdef, state)
        acc = acc + m(data[i]).mean()
        return nnx.state(m), acc

    state, acc = jax.lax.fori_loop(0, 5, body, (state, 0.0))
    nnx.update(model, state)
    model.eval()
    model(data[0]).block_until_ready()
    return None
