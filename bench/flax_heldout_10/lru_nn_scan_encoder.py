# label: ok
# flax-error: none
# class: 2 lifted nn.scan over the LRUCell; the raw scan only touches a plain params dict
"""LRU-style recurrent encoder using the lifted nn.scan, then a raw scan over the pure readout."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class LRUCell(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, h, x):
        nu = self.param("nu_log", lambda k, s: jnp.log(-jnp.log(jnp.linspace(0.5, 0.99, s[0]))),
                        (self.hidden,))
        lam = jnp.exp(-jnp.exp(nu))
        h = lam * h + nn.Dense(self.hidden, use_bias=False)(x)
        return h, nn.gelu(h)


class Encoder(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, xs):
        ScanLRU = nn.scan(LRUCell, variable_broadcast="params", split_rngs={"params": False},
                          in_axes=0, out_axes=0)
        h0 = jnp.zeros((xs.shape[1], self.hidden))
        _, ys = ScanLRU(self.hidden)(h0, xs)
        return ys


def readout(params, ys):
    w = params["w"]

    def body(acc, y):
        return acc + y @ w, None

    return jax.lax.scan(body, jnp.zeros(w.shape[1]), ys.mean(1))[0]


def main():
    enc = Encoder()
    xs = jax.random.normal(jax.random.key(0), (9, 2, 4))
    variables = enc.init(jax.random.key(1), xs)
    ys = enc.apply(variables, xs)
    head = {"w": jnp.ones((16, 3)) * 0.1}
    score = readout(head, ys)
    return None
