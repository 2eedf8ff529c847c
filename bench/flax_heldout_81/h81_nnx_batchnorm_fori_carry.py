# label: ok
# flax-error: none
# class: 5 nnx.split outside; the fori_loop carry holds the state, merged and re-split every iteration
"""BatchNorm statistics warm-up in lax.fori_loop with the NNX state threaded through the carry."""
import jax
import jax.numpy as jnp
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(5, 8, rngs=rngs)
        self.bn = nnx.BatchNorm(8, momentum=0.9, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.lin(x)))


def main():
    model = Net(nnx.Rngs(0))
    model.train()
    data = jax.random.normal(jax.random.PRNGKey(1), (6, 32, 5))
    graphdef, state = nnx.split(model)

    def body(i, carry):
        state, acc = carry
        m = nnx.merge(graphdef, state)
        acc = acc + m(data[i]).mean()
        return nnx.state(m), acc

    state, _ = jax.lax.fori_loop(0, data.shape[0], body, (state, 0.0))
    nnx.update(model, state)
    model.eval()
    print(model.bn.mean.value)
    return None
