# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the flow layers' states are scanned over as xs; the body appends each layer's log-det to a Python list local to main()
"""Planar normalising flow in NNX. The K layers are split, their states stacked, and applied with
a raw lax.scan over layers; the per-layer log-determinants are collected for the ELBO."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax
DIM, K = 2, 4


class PlanarFlow(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.u = nnx.Param(0.1 * jax.random.normal(rngs.params(), (DIM,)))
        self.w = nnx.Param(0.1 * jax.random.normal(rngs.params(), (DIM,)))
        self.b = nnx.Param(jnp.zeros(()))

    def __call__(self, z):
        a = jnp.tanh(z @ self.w[...] + self.b[...])
        f = z + self.u[...] * a[..., None]
        psi = (1 - a ** 2)[..., None] * self.w[...]
        return f, jnp.log(jnp.abs(1 + psi @ self.u[...]) + 1e-6)


def main():
    rngs = nnx.Rngs(0)
    flows = [PlanarFlow(rngs) for _ in range(K)]
    graphdef, _ = nnx.split(flows[0])
    stacked = jax.tree.map(lambda *xs: jnp.stack(xs), *[nnx.state(f) for f in flows])
    z0 = jax.random.normal(jax.random.key(1), (32, DIM))
    logdets = []

    def layer(z, state):
        flow = nnx.merge(graphdef, state)
        z, logdet = flow(z)
        logdets.append(logdet)
        return z, None

    zK, _ = lax.scan(layer, z0, stacked)
    total_logdet = jnp.stack(logdets).sum(0)
    log_q = -0.5 * jnp.sum(z0 ** 2, -1) - total_logdet
    print(log_q.mean())
    return None
