# label: ok
# flax-error: none
# class: 4 a RealNVP-style flow with coupling layers in a list; sampling scans a functools.partial(Flow._inverse, self) body over split keys under apply(method=...) after a normal init
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class Coupling(nn.Module):
    flip: bool

    @nn.compact
    def __call__(self, z, inverse=False):
        a, b = (z[..., 1:], z[..., :1]) if self.flip else (z[..., :1], z[..., 1:])
        st = nn.Dense(2)(nn.relu(nn.Dense(16)(a)))
        s, t = jnp.tanh(st[..., :1]), st[..., 1:]
        b = (b - t) * jnp.exp(-s) if inverse else b * jnp.exp(s) + t
        return jnp.concatenate([b, a], -1) if self.flip else jnp.concatenate([a, b], -1)


class Flow(nn.Module):
    n_layers: int = 3

    def setup(self):
        self.layers = [Coupling(flip=bool(i % 2)) for i in range(self.n_layers)]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def _inverse(self, carry, key):
        z = jax.random.normal(key, (2,))
        for layer in reversed(self.layers):
            z = layer(z, inverse=True)
        return carry, z

    def sample(self, key, n):
        body = functools.partial(Flow._inverse, self)
        return jax.lax.scan(body, None, jax.random.split(key, n))[1]


def main():
    flow = Flow()
    variables = flow.init(jax.random.key(0), jnp.ones((4, 2)))
    return flow.apply(variables, jax.random.key(1), 5, method="sample")
