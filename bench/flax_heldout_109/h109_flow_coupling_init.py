# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 RealNVP.__call__ runs lax.scan over the couplings and its shared Conditioner creates its Dense params inside the body on init
"""RealNVP-style flow on 4-d data. The couplings share one conditioner, so the stack is written
as a raw lax.scan over the coupling index to keep the trace small."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Conditioner(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(self.hidden)(x))
        st = nn.Dense(2 * x.shape[-1])(h)
        s, t = jnp.split(st, 2, axis=-1)
        return jnp.tanh(s), t


class RealNVP(nn.Module):
    num_couplings: int = 4

    @nn.compact
    def __call__(self, x):
        cond = Conditioner()
        d = x.shape[-1] // 2

        def coupling(carry, _):
            z, logdet = carry
            za, zb = z[..., :d], z[..., d:]
            s, t = cond(za)
            zb = zb * jnp.exp(s) + t
            z = jnp.concatenate([zb, za], axis=-1)  # swap halves for the next coupling
            return (z, logdet + s.sum(-1)), None

        init = (x, jnp.zeros(x.shape[:-1]))
        (z, logdet), _ = lax.scan(coupling, init, None, length=self.num_couplings)
        return z, logdet


def nll(flow, variables, x):
    z, logdet = flow.apply(variables, x)
    log_base = -0.5 * jnp.sum(z ** 2, -1) - 0.5 * z.shape[-1] * jnp.log(2 * jnp.pi)
    return -jnp.mean(log_base + logdet)


def main():
    flow = RealNVP()
    x = jax.random.normal(jax.random.key(0), (8, 4)) * jnp.array([1.0, 0.5, 2.0, 1.0])
    variables = flow.init(jax.random.key(1), x)
    loss, grads = jax.value_and_grad(lambda v: nll(flow, v, x))(variables)
    print("nll", loss)
    return None
