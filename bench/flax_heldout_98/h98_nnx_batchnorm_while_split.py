# label: ok
# flax-error: none
# class: 4 BN recalibration loop: nnx.split state is the jax.lax.while_loop carry, merged in the body and split again; nnx.update after the loop
import jax
import jax.numpy as jnp
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.lin = nnx.Linear(4, 8, rngs=rngs)
        self.bn = nnx.BatchNorm(8, momentum=0.9, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.lin(x)))


def main():
    model = Net(nnx.Rngs(0))
    model.train()
    data = jax.random.normal(jax.random.key(1), (10, 16, 4))

    graphdef, state = nnx.split(model)

    def cond(carry):
        i, _ = carry
        return i < data.shape[0]

    def body(carry):
        i, state = carry
        m = nnx.merge(graphdef, state)
        m(data[i])  # only to refresh the running statistics
        return i + 1, nnx.state(m)

    _, state = jax.lax.while_loop(cond, body, (0, state))
    nnx.update(model, state)
    model.eval()
    model(data[0]).block_until_ready()
    return None
