# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 functools.partial binds graphdef and the state from nnx.split to the scan body, which merges that captured state and advances its Rngs count
"""Denoising-autoencoder evaluation averaged over K random corruptions, functional NNX style.

Modelled on users who follow the split/merge advice for raw JAX loops but bind the state once
with functools.partial: the state merged inside the body is the one captured from outside the
scan, and the corruption layer advances its Rngs count on it.
"""
from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx


class Corrupt(nnx.Module):
    def __init__(self, p, rngs: nnx.Rngs):
        self.p = p
        self.rngs = rngs

    def __call__(self, x):
        keep = jax.random.bernoulli(self.rngs.corrupt(), 1 - self.p, x.shape)
        return jnp.where(keep, x, 0.0)


class DAE(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.corrupt = Corrupt(0.3, rngs)
        self.enc = nnx.Linear(dim, 4, rngs=rngs)
        self.dec = nnx.Linear(4, dim, rngs=rngs)

    def __call__(self, x):
        return self.dec(jnp.tanh(self.enc(self.corrupt(x))))


def eval_step(graphdef, state, x, carry, _):
    model = nnx.merge(graphdef, state)
    loss = jnp.mean((model(x) - x) ** 2)
    return carry, loss


def main():
    model = DAE(6, nnx.Rngs(params=0, corrupt=1))
    x = jax.random.normal(jax.random.key(2), (16, 6))
    graphdef, state = nnx.split(model)
    body = partial(eval_step, graphdef, state, x)
    _, losses = jax.lax.scan(body, None, None, length=6)
    print(losses.mean())
    return losses
