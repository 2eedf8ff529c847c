# label: ok
# flax-error: none
# class: 5 functools.partial binds graphdef to the scan body; the state from nnx.split enters and leaves through the carry
"""Denoising-autoencoder evaluation averaged over K random corruptions (working variant).

The split state is the scan carry: the body merges it, runs the model and splits it again, so
the corruption layer's Rngs count advances from step to step.
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


def eval_step(graphdef, x, state, _):
    model = nnx.merge(graphdef, state)
    loss = jnp.mean((model(x) - x) ** 2)
    _, state = nnx.split(model)
    return state, loss


def main():
    model = DAE(6, nnx.Rngs(params=0, corrupt=1))
    x = jax.random.normal(jax.random.key(2), (16, 6))
    graphdef, state = nnx.split(model)
    body = partial(eval_step, graphdef, x)
    state, losses = jax.lax.scan(body, state, None, length=6)
    nnx.update(model, state)
    print(losses.mean())
    return losses
