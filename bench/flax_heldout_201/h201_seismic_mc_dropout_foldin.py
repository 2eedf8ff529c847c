# label: ok
# flax-error: none
# class: 5 UncertaintyEstimator.forward is functools.partial(model.apply, variables, deterministic=False) called in the scan body with the dropout key folded with the sample index
"""Seismic trace denoising with Monte-Carlo dropout uncertainty.

The denoiser is a small 1-D conv net with dropout. For each trace the estimator
runs several stochastic forward passes and reports the per-sample denoised traces,
from which the pipeline computes a pointwise standard deviation. The sample index
is folded into the estimator's key inside the loop.
"""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class TraceDenoiser(nn.Module):
    channels: int = 8
    rate: float = 0.3

    @nn.compact
    def __call__(self, trace, deterministic: bool = True):
        h = nn.Conv(self.channels, (5,))(trace[:, None])
        h = nn.Dropout(self.rate, deterministic=deterministic)(nn.relu(h))
        return trace - nn.Conv(1, (5,))(h)[:, 0]


class UncertaintyEstimator:
    def __init__(self, model, variables, seed, n_samples):
        self.n_samples = n_samples
        self.key = jax.random.PRNGKey(seed)
        self.forward = functools.partial(model.apply, variables, deterministic=False)

    def samples(self, trace):
        def one(carry, i):
            key = jax.random.fold_in(self.key, i)
            return carry, self.forward(trace, rngs={"dropout": key})

        _, out = jax.lax.scan(one, None, jnp.arange(self.n_samples))
        return out


def main():
    model = TraceDenoiser()
    t = jnp.linspace(0.0, 1.0, 64)
    trace = jnp.sin(40.0 * t) * jnp.exp(-3.0 * t) + 0.1 * jax.random.normal(jax.random.PRNGKey(1), (64,))
    variables = model.init(jax.random.PRNGKey(0), trace)
    estimator = UncertaintyEstimator(model, variables, seed=23, n_samples=5)
    samples = estimator.samples(trace)
    return samples
