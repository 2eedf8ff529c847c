# label: ok
# flax-error: none
# class: 1 RealNVP.__call__ runs the scan; the log-determinant is summed in the scan carry and sown once after the loop
"""Weight-tied RealNVP: one affine coupling applied n_steps times with lax.scan, the total
log|det J| collected with self.sow and used by the caller for the log-likelihood."""
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
        z, ld0 = coupling(x)

        def body(carry, _):
            z, total = carry
            z, ld = coupling(z)
            return (z, total + ld), None

        (z, total), _ = jax.lax.scan(body, (z, ld0), None, length=self.n_steps - 1)
        self.sow('intermediates', 'logdet', total)
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
