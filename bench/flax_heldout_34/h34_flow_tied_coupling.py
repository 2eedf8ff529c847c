# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a weight-tied nn.remat coupling layer is created inside a local flow_step function that a raw fori_loop body calls, under jax.jit(model.init)
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class AffineCoupling(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x, flip):
        d = x.shape[-1] // 2
        x1, x2 = x[..., :d], x[..., d:]
        x1, x2 = jnp.where(flip, x2, x1), jnp.where(flip, x1, x2)
        h = nn.relu(nn.Dense(self.hidden)(x1))
        log_s = jnp.tanh(nn.Dense(d)(h))
        t = nn.Dense(d)(h)
        y2 = x2 * jnp.exp(log_s) + t
        return jnp.concatenate([x1, y2], axis=-1), log_s.sum(-1)


class TiedRealNVP(nn.Module):
    num_flows: int = 4

    @nn.compact
    def __call__(self, x):
        coupling = nn.remat(AffineCoupling)(name="coupling")

        def flow_step(i, carry):
            z, logdet = carry
            z, ld = coupling(z, i % 2 == 1)
            return z, logdet + ld

        z, logdet = lax.fori_loop(0, self.num_flows, flow_step, (x, jnp.zeros(x.shape[:-1])))
        log_pz = -0.5 * jnp.sum(z ** 2, axis=-1)
        return log_pz + logdet


def main():
    flow = TiedRealNVP()
    x = jnp.ones((5, 4))
    params = jax.jit(flow.init)(jax.random.PRNGKey(1), x)
    log_px = flow.apply(params, x)
    log_px.block_until_ready()
    return None
