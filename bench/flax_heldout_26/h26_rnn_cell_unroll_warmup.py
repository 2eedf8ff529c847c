# label: ok
# flax-error: none
# class: 1 nn.Dense submodules called once before the raw lax.scan, then closed over by the body
# modelled on: jax.lax.scan inside a Flax Module (https://crackedaicode.com/problems/flax-lax-scan-in-module)
"""Elman-style recurrence unrolled with jax.lax.scan inside a Linen module."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ElmanRNN(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        # xs: [time, batch, features]
        in_proj = nn.Dense(self.hidden, name="in_proj")
        rec_proj = nn.Dense(self.hidden, use_bias=False, name="rec_proj")
        h0 = jnp.zeros((xs.shape[1], self.hidden))
        # first step outside the loop so both projections own their params
        h1 = jnp.tanh(in_proj(xs[0]) + rec_proj(h0))

        def step(h, x):
            h = jnp.tanh(in_proj(x) + rec_proj(h))
            return h, h

        h_last, hs = jax.lax.scan(step, h1, xs[1:])
        return h_last, hs


class Classifier(nn.Module):
    n_classes: int = 3

    @nn.compact
    def __call__(self, xs):
        h_last, _ = ElmanRNN()(xs)
        return nn.Dense(self.n_classes)(h_last)


def main():
    xs = jax.random.normal(jax.random.key(0), (6, 2, 5))
    model = Classifier()
    variables = model.init(jax.random.key(1), xs)
    logits = model.apply(variables, xs)
    probs = jax.nn.softmax(logits)
    assert probs.shape == (2, 3)
    jax.block_until_ready(probs)
    return None
