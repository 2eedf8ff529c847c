# label: ok
# flax-error: none
# class: 2 Coupling submodule bound to local `layer` and called once before the raw fori_loop
"""RealNVP-style flow: coupling layers built and called once in __call__, then iterated in a raw fori_loop."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class Coupling(nn.Module):
    dim: int

    @nn.compact
    def __call__(self, x):
        half = self.dim // 2
        x1, x2 = x[..., :half], x[..., half:]
        h = nn.relu(nn.Dense(32)(x1))
        log_s = nn.tanh(nn.Dense(self.dim - half)(h))
        t = nn.Dense(self.dim - half)(h)
        y2 = x2 * jnp.exp(log_s) + t
        return jnp.concatenate([y2, x1], -1), log_s.sum(-1)


class SharedFlow(nn.Module):
    dim: int = 4
    n_iters: int = 6

    @nn.compact
    def __call__(self, z):
        layer = Coupling(self.dim)
        x, logdet = layer(z)  # parameters are created here, outside the loop

        def body(i, carry):
            x, logdet = carry
            x, ld = layer(x)
            return x, logdet + ld

        return lax.fori_loop(1, self.n_iters, body, (x, logdet))


def log_prob_sample(model, params, key, n=5):
    z = jax.random.normal(key, (n, 4))
    x, logdet = model.apply(params, z)
    base = -0.5 * jnp.sum(z ** 2, -1)
    return x, base - logdet


def main():
    model = SharedFlow()
    params = model.init(jax.random.key(0), jnp.zeros((1, 4)))
    x, lp = log_prob_sample(model, params, jax.random.key(1))
    return None
