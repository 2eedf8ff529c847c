# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 module-level ssm_step bound with functools.partial(ssm_step, self) calls self.param inside the raw scan body
"""Diagonal SSM (S4D/LRU flavour) where the recurrence step is a module-level partial."""
from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


def ssm_step(layer, h, u, *, n_state):
    lam_re = layer.param("lam_re", lambda k, s: -0.5 * jnp.ones(s), (n_state,))
    lam_im = layer.param("lam_im", lambda k, s: jnp.pi * jnp.arange(s[0]) / s[0], (n_state,))
    b = layer.param("B", nn.initializers.normal(0.1), (n_state, u.shape[-1]))
    lam = jnp.exp(lam_re + 1j * lam_im)
    h = lam * h + b @ u
    return h, h.real


class DiagSSM(nn.Module):
    n_state: int = 8
    d_out: int = 3

    @nn.compact
    def __call__(self, us):
        step = partial(ssm_step, self, n_state=self.n_state)
        h0 = jnp.zeros((self.n_state,), jnp.complex64)
        _, hs = scan(step, h0, us)
        return nn.Dense(self.d_out)(hs)


class Classifier(nn.Module):
    @nn.compact
    def __call__(self, us):
        y = DiagSSM()(us)
        return nn.Dense(2)(y.mean(0))


def main():
    us = jax.random.normal(jax.random.key(0), (12, 3))
    clf = Classifier()
    variables = clf.init(jax.random.key(1), us)
    logits = clf.apply(variables, us)
    return None
