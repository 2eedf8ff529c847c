# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 Flow.sample runs the while_loop itself and its body draws base noise from self.rngs.base()
"""Sampling from an NNX affine-coupling normalising flow. The flow keeps its own nnx.Rngs and
Flow.sample draws n samples with a while_loop."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop

DIM = 4


class AffineCoupling(nnx.Module):
    def __init__(self, flip: bool, rngs: nnx.Rngs):
        self.flip = flip
        self.net = nnx.Linear(DIM // 2, 16, rngs=rngs)
        self.scale = nnx.Linear(16, DIM // 2, rngs=rngs)
        self.shift = nnx.Linear(16, DIM // 2, rngs=rngs)

    def inverse(self, y):
        a, b = jnp.split(y, 2)
        if self.flip:
            a, b = b, a
        h = jnp.tanh(self.net(a))
        b = (b - self.shift(h)) * jnp.exp(-jnp.tanh(self.scale(h)))
        if self.flip:
            a, b = b, a
        return jnp.concatenate([a, b])


class Flow(nnx.Module):
    def __init__(self, num_layers: int, rngs: nnx.Rngs):
        self.layers = nnx.List([AffineCoupling(i % 2 == 1, rngs) for i in range(num_layers)])
        self.rngs = rngs

    def inverse(self, z):
        for layer in reversed(self.layers):
            z = layer.inverse(z)
        return z

    def sample(self, n):
        def cond(carry):
            return carry[0] < n

        def body(carry):
            i, out = carry
            z = jax.random.normal(self.rngs.base(), (DIM,))
            return i + 1, out.at[i].set(self.inverse(z))

        _, out = while_loop(cond, body, (0, jnp.zeros((n, DIM))))
        return out


def main():
    flow = Flow(4, nnx.Rngs(0, base=1))
    return flow.sample(5)


if __name__ == "__main__":
    print(main())
