# label: ok
# flax-error: none
# class: 2 nnx.split outside the raw scan, the state carried, nnx.merge inside the body and the updated state returned
import jax
import jax.numpy as jnp
from flax import nnx


class Tower(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(4, 4, rngs=rngs)
        self.bn = nnx.BatchNorm(4, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.lin(x)))


def stream_batches(model, batches):
    graphdef, state = nnx.split(model)

    def body(state, batch):
        m = nnx.merge(graphdef, state)
        y = m(batch)
        return nnx.state(m), jnp.mean(y)

    state, means = jax.lax.scan(body, state, batches)
    nnx.update(model, state)
    return means


def main():
    model = Tower(nnx.Rngs(0))
    batches = jax.random.normal(jax.random.PRNGKey(1), (5, 16, 4))
    means = stream_batches(model, batches)
    means.block_until_ready()
    return None
