# label: trace-context
# flax-error: TraceContextError: Cannot mutate Variable from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an outside nnx.Module's counter Variable incremented inside an inline fori_loop body
import jax
import jax.numpy as jnp
from flax import nnx


class CountedMLP(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.fc = nnx.Linear(din, dout, rngs=rngs)
        self.calls = nnx.Variable(jnp.zeros((), jnp.int32))

    def __call__(self, x):
        self.calls.value += 1
        return jnp.tanh(self.fc(x))


def main():
    net = CountedMLP(4, 4, rngs=nnx.Rngs(0))
    x0 = jnp.ones((2, 4))
    x = jax.lax.fori_loop(0, 5, lambda i, x: net(x), x0)
    x.block_until_ready()
    print(int(net.calls.value))
    return None
