# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the Flow.sample method that owns self.rngs runs the scan and draws from self.rngs in its body
"""NNX planar-flow density model: sample step by step by pushing base noise through the flow."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Planar(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.w = nnx.Param(0.1 * rngs.params.normal((dim,)))
        self.u = nnx.Param(0.1 * rngs.params.normal((dim,)))
        self.b = nnx.Param(jnp.zeros(()))

    def __call__(self, z):
        return z + self.u[...] * jnp.tanh(z @ self.w[...] + self.b[...])


class Flow(nnx.Module):
    def __init__(self, dim, depth, rngs: nnx.Rngs):
        self.dim = dim
        self.layers = nnx.List([Planar(dim, rngs) for _ in range(depth)])
        self.rngs = rngs

    def __call__(self, z):
        for layer in self.layers:
            z = layer(z)
        return z

    def sample(self, num_samples):
        def body(carry, _):
            eps = self.rngs.sample.normal((self.dim,))
            return carry, self(eps)

        _, xs = lax.scan(body, None, None, length=num_samples)
        return xs


def main():
    flow = Flow(3, depth=4, rngs=nnx.Rngs(params=0, sample=1))
    xs = flow.sample(6)
    print(xs.mean(0))
    return xs


if __name__ == "__main__":
    main()
