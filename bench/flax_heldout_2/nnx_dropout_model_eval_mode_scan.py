# label: ok
# flax-error: none
# class: 3 NNX model with Dropout and BatchNorm switched to eval mode before a raw scan rollout
import jax
import jax.numpy as jnp
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(5, 16, rngs=rngs)
        self.bn = nnx.BatchNorm(16, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.l2 = nnx.Linear(16, 5, rngs=rngs)

    def __call__(self, x):
        return self.l2(self.drop(nnx.relu(self.bn(self.l1(x)))))


def main():
    net = Net(nnx.Rngs(0))
    net.eval()

    def body(x, _):
        x = net(x)
        return x, x

    jax.lax.scan(body, jnp.ones((2, 5)), None, length=4)
    return None
