# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 BN recalibration loop: raw jax.lax.while_loop whose body calls a closed-over nnx model with BatchNorm in train mode
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

    def cond(i):
        return i < data.shape[0]

    def body(i):
        model(data[i])  # only to refresh the running statistics
        return i + 1

    jax.lax.while_loop(cond, body, 0)
    model.eval()
    model(data[0]).block_until_ready()
    return None
