# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 RealNVP.__call__ sows each coupling step's log-determinant from inside its own scan body
"""Weight-tied RealNVP: one affine coupling applied n_steps times with lax.scan, each step's
log|det J| collected with self.sow and summed by the caller for the log-likelihood."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class AffineCoupling(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x):
        x1, x2 = jnp.split(x, 2, axis=-1)
        h = nn.relu(nn.Dense(self.hidden)(x1))
        log_s = jnp.tanh(nn.Dense(x2.shape[-1])(h))
        t = nn.Dense(x2.shape[-1])(h)
        y2 = x2 * jnp.exp(log_s) + t
        return jnp.concatenate([y2, x1], axis=-1), log_s.sum(-1)


class RealNVP(nn.Module):
    n_steps: int = 4

    @nn.compact
    def __call__(self, x):
        coupling = AffineCoupling()
        z, ld = coupling(x)
        self.sow('intermediates', 'logdet', ld)

        def body(z, _):
            z, ld = coupling(z)
            self.sow('intermediates', 'logdet', ld)
            return z, None

        z, _ = jax.lax.scan(body, z, None, length=self.n_steps - 1)
        return z


def base_log_prob(z):
    return -0.5 * jnp.sum(z ** 2, -1) - 0.5 * z.shape[-1] * jnp.log(2 * jnp.pi)


def main():
    flow = RealNVP()
    x = jax.random.normal(jax.random.key(0), (32, 4))
    params = flow.init(jax.random.key(1), x)['params']
    z, inter = flow.apply({'params': params}, x, mutable=['intermediates'])
    logdet = sum(inter['intermediates']['logdet'])
    nll = -jnp.mean(base_log_prob(z) + logdet)
    print("nll", float(nll))
    return None
