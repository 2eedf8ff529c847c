# label: same-values
# flax-error: none
# class: 5 a functools.wraps wrapper built by stochastic(key) exposes __call__ over functools.partial(model.apply, variables, train=True) with one fixed dropout key
"""Pipe-organ flue voicing assistant.

The voicer samples plausible languid nick depths for a pipe from a dropout-regularised model,
one sample per iteration of its refinement loop, and the shop keeps every sample."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


def stochastic(key):
    def decorate(fn):
        @functools.wraps(fn)
        def __call__(*args, **kwargs):
            return fn(*args, rngs={"dropout": key}, **kwargs)

        return __call__

    return decorate


class NickDepth(nn.Module):
    @nn.compact
    def __call__(self, pipe, train: bool = False):
        h = nn.gelu(nn.Dense(20)(pipe))
        h = nn.Dropout(0.4, deterministic=not train)(h)
        return nn.softplus(nn.Dense(1)(h)).squeeze(-1)


class PipeVoicer:
    def __init__(self, model, variables, key, samples=5):
        self.samples = samples
        self.predict = stochastic(key)(functools.partial(model.apply, variables, train=True))

    def sample_depths(self, pipe):
        def cond(carry):
            return carry[0] < self.samples

        def body(carry):
            i, buf = carry
            return i + 1, buf.at[i].set(self.predict(pipe))

        _, depths = jax.lax.while_loop(cond, body, (0, jnp.zeros((self.samples,))))
        return depths


def main():
    model = NickDepth()
    pipe = jnp.array([8.0, 0.25, 0.6, 1.2])  # speaking length (ft), mouth ratio, cut-up, wind
    variables = model.init(jax.random.key(0), pipe)
    voicer = PipeVoicer(model, variables, jax.random.key(17))
    return voicer.sample_depths(pipe)
