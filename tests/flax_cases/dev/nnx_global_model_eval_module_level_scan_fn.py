# label: ok
# flax-error: none
# class: 5 the same module-level global model, switched to eval mode (running averages) before the scan
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
    net.eval()
    jax.lax.scan(scan_fn, 0.0, jnp.ones((4, 2, 3)))
