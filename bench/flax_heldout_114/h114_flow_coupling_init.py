# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the flow's own __call__ scans over coupling steps and first calls its shared coupling submodule inside the body, so init creates the parameters there
"""Normalising flow, RealNVP-style: K affine coupling steps with alternating masks that share one
conditioner network, written as a jax.lax.scan over the masks inside the flow's __call__ to
keep compile time down. The log-determinant is accumulated in the carry.

Modelled on "UnexpectedTracerError during model.init with lax.scan inside a compact method"
reports: the submodule's parameters are first created inside the scanned function."""
import jax
import jax.numpy as jnp
import flax.linen as nn

DIM = 6
K = 4


class Conditioner(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(self.hidden)(x))
        shift_scale = nn.Dense(2 * DIM)(h)
        shift, log_scale = jnp.split(shift_scale, 2, axis=-1)
        return shift, jnp.tanh(log_scale)


class RealNVP(nn.Module):
    @nn.compact
    def __call__(self, x):
        cond = Conditioner()
        masks = jnp.stack([(jnp.arange(DIM) + k) % 2 for k in range(K)]).astype(x.dtype)

        def coupling(carry, mask):
            z, logdet = carry
            shift, log_scale = cond(z * mask)
            z = z * mask + (1 - mask) * (z * jnp.exp(log_scale) + shift)
            return (z, logdet + jnp.sum((1 - mask) * log_scale, axis=-1)), None

        (z, logdet), _ = jax.lax.scan(coupling, (x, jnp.zeros(x.shape[:-1])), masks)
        return z, logdet


def main():
    x = jax.random.normal(jax.random.key(0), (8, DIM))
    flow = RealNVP()
    params = flow.init(jax.random.key(1), x)
    z, logdet = flow.apply(params, x)
    log_prob = -0.5 * jnp.sum(z**2, axis=-1) - 0.5 * DIM * jnp.log(2 * jnp.pi) + logdet
    print("mean log-likelihood", float(log_prob.mean()))
