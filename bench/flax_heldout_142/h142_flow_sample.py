# label: same-values
# flax-error: none
# class: 2 the local key and variables of main go straight into the fori_loop body, which draws base noise with the same key each step
"""RealNVP-style affine coupling flow; samples are drawn in a fori_loop into a buffer."""
import jax
import jax.numpy as jnp
from flax import linen as nn

DIM = 4


class Coupling(nn.Module):
    flip: bool

    @nn.compact
    def __call__(self, x, inverse=False):
        a, b = jnp.split(x, 2, axis=-1)
        if self.flip:
            a, b = b, a
        h = nn.tanh(nn.Dense(16)(a))
        log_s = nn.tanh(nn.Dense(DIM // 2)(h))
        t = nn.Dense(DIM // 2)(h)
        b = (b - t) * jnp.exp(-log_s) if inverse else b * jnp.exp(log_s) + t
        out = (b, a) if self.flip else (a, b)
        return jnp.concatenate(out, axis=-1)


class Flow(nn.Module):
    n_layers: int = 4

    def setup(self):
        self.layers = [Coupling(flip=i % 2 == 1) for i in range(self.n_layers)]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def inverse(self, z):
        for layer in reversed(self.layers):
            z = layer(z, inverse=True)
        return z


def main():
    flow = Flow()
    variables = flow.init(jax.random.key(0), jnp.ones((DIM,)))
    key = jax.random.key(42)
    n = 5

    def body(i, buf):
        z = jax.random.normal(key, (DIM,))
        x = flow.apply(variables, z, method=Flow.inverse)
        return buf.at[i].set(x)

    samples = jax.lax.fori_loop(0, n, body, jnp.zeros((n, DIM)))
    return samples
