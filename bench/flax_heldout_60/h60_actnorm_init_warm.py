# label: ok
# flax-error: none
# class: 1 data-dependent ActNorm params created by a warm-up call before the raw scan, only read inside
"""Recurrent flow cell with Glow-style data-dependent ActNorm init; the layers are called once on
the first time step before the scan, so their parameters exist before the loop body runs."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ActNorm(nn.Module):
    @nn.compact
    def __call__(self, x):
        bias = self.param("bias", lambda k, s: -jnp.mean(x, axis=0), (x.shape[-1],))
        log_scale = self.param("log_scale", lambda k, s: -jnp.log(jnp.std(x, axis=0) + 1e-6),
                               (x.shape[-1],))
        return (x + bias) * jnp.exp(log_scale)


class FlowRNN(nn.Module):
    dim: int = 4

    @nn.compact
    def __call__(self, xs):
        norm = ActNorm()
        mix = nn.Dense(self.dim)
        mix(norm(xs[0]))  # warm-up: create the parameters outside the loop

        def body(h, x):
            h = jnp.tanh(mix(norm(x)) + h)
            return h, h

        _, hs = jax.lax.scan(body, jnp.zeros((xs.shape[1], self.dim)), xs)
        return hs


def main():
    xs = jax.random.normal(jax.random.key(3), (5, 16, 4))
    model = FlowRNN()
    variables = model.init(jax.random.key(0), xs)
    model.apply(variables, xs)
    return None
