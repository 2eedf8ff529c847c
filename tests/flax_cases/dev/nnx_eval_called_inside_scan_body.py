# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'Dropout' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 an evaluation scan switches the outside model to eval mode inside its body (`net.eval()`), setting its Dropout's mode from inside the trace
import jax
import jax.numpy as jnp
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs):
        self.linear = nnx.Linear(3, 3, rngs=rngs)
        self.drop = nnx.Dropout(0.5)

    def __call__(self, x):
        return self.drop(self.linear(x))


def main():
    net = Net(nnx.Rngs(0))

    def body(x, _):
        net.eval()
        y = net(x)
        return y, y

    jax.lax.scan(body, jnp.ones((2, 3)), None, length=3)
