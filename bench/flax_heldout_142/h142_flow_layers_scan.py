# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 Flow.__call__ (compact) runs a raw scan over the layers and creates the Coupling submodule inside the body, so init makes its params there
"""Normalising flow whose coupling layers are stacked with a raw scan to cut compile time."""
import jax
import jax.numpy as jnp
import flax.linen as nn

DIM = 6


class Coupling(nn.Module):
    @nn.compact
    def __call__(self, x):
        a, b = jnp.split(x, 2, axis=-1)
        h = nn.relu(nn.Dense(16)(a))
        log_s = jnp.tanh(nn.Dense(DIM // 2)(h))
        b = b * jnp.exp(log_s) + nn.Dense(DIM // 2)(h)
        return jnp.concatenate([b, a], axis=-1), log_s.sum(-1)


class Flow(nn.Module):
    n_layers: int = 4

    @nn.compact
    def __call__(self, x):
        def body(carry, _):
            z, logdet = carry
            z, ld = Coupling()(z)
            return (z, logdet + ld), None

        (z, logdet), _ = jax.lax.scan(body, (x, jnp.zeros(x.shape[0])), None, length=self.n_layers)
        log_pz = -0.5 * jnp.sum(z**2, -1) - 0.5 * DIM * jnp.log(2 * jnp.pi)
        return log_pz + logdet


def main():
    x = jax.random.normal(jax.random.key(0), (16, DIM))
    flow = Flow()
    variables = flow.init(jax.random.key(1), x)
    nll = -flow.apply(variables, x).mean()
    nll.block_until_ready()
    return None
