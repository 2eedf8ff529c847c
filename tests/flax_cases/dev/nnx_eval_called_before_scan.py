# label: ok
# flax-error: none
# class: 5 the same model switched to eval mode before the scan; its Dropout holds its own rngs but draws nothing
import jax
import jax.numpy as jnp
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs):
        self.linear = nnx.Linear(3, 3, rngs=rngs)
        self.drop = nnx.Dropout(0.5, rngs=rngs)

    def __call__(self, x):
        return self.drop(self.linear(x))


def main():
    net = Net(nnx.Rngs(0))
    net.eval()

    def body(x, _):
        y = net(x)
        return y, y

    jax.lax.scan(body, jnp.ones((2, 3)), None, length=3)
