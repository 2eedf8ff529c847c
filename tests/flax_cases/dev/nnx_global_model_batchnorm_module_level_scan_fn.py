# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a script keeps its model in a module-level global (None until main sets it); a module-level scan function calls it with a BatchNorm in training mode
import jax
import jax.numpy as jnp
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs):
        self.linear = nnx.Linear(3, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)

    def __call__(self, x):
        return self.norm(self.linear(x))


net = None


def scan_fn(total, batch):
    out = net(batch)
    return total + out.sum(), out


def main():
    global net
    net = Net(nnx.Rngs(0))
    jax.lax.scan(scan_fn, 0.0, jnp.ones((4, 2, 3)))
