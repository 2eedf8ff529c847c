# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 self.param of each coupling layer is first created inside the raw scan body during init
"""Normalising flow (RealNVP-style) whose K coupling steps share one set of weights; the
forward pass was rewritten with jax.lax.scan to compile faster, with the affine
parameters declared inside the step function."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class SharedCouplingFlow(nn.Module):
    features: int = 4
    num_steps: int = 3

    @nn.compact
    def __call__(self, x):
        half = self.features // 2

        def step(carry, _):
            z, logdet = carry
            w = self.param("w", nn.initializers.normal(0.01), (half, 2 * half))
            b = self.param("b", nn.initializers.zeros, (2 * half,))
            z1, z2 = z[:, :half], z[:, half:]
            h = z1 @ w + b
            log_s, t = jnp.tanh(h[:, :half]), h[:, half:]
            z2 = z2 * jnp.exp(log_s) + t
            z = jnp.concatenate([z2, z1], axis=-1)
            return (z, logdet + log_s.sum(-1)), None

        (z, logdet), _ = jax.lax.scan(step, (x, jnp.zeros(x.shape[0])), None, length=self.num_steps)
        return z, logdet


def main():
    flow = SharedCouplingFlow()
    x = jnp.ones((8, 4))
    variables = flow.init(jax.random.key(0), x)
    z, logdet = flow.apply(variables, x)
    nll = 0.5 * (z ** 2).sum(-1) - logdet
    nll.mean().block_until_ready()
    return None
