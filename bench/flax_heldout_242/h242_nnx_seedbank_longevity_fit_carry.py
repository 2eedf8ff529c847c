# label: ok
# flax-error: none
# class: 5 the scan body is a fit step built by make_fit_step from the graphdef; the Longevity state rides in the scan carry and is merged in the body
"""Longevity regression for seed-bank accessions: years of viability from storage traits."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class Longevity(nnx.Module):
    def __init__(self, traits: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(traits, 8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.tanh(self.hidden(x))).squeeze(-1)


def mse(model: Longevity, batch):
    traits, years = batch
    return jnp.mean((model(traits) - years) ** 2)


def make_fit_step(graphdef, lr: float):
    grad_fn = nnx.value_and_grad(mse)

    def fit_step(state, batch):
        model = nnx.merge(graphdef, state)
        loss, grads = grad_fn(model, batch)
        params = nnx.state(model, nnx.Param)
        nnx.update(model, jax.tree.map(lambda p, g: p - lr * g, params, grads))
        return nnx.state(model), loss

    return fit_step


class Curator:
    def __init__(self, traits: int, seed: int):
        self.model = Longevity(traits, nnx.Rngs(seed))

    def fit(self, batches, lr: float = 0.05):
        graphdef, state = nnx.split(self.model)
        state, losses = scan(make_fit_step(graphdef, lr), state, batches)
        nnx.update(self.model, state)
        return losses.sum(), losses


def accession_batches(key, steps: int, size: int, traits: int):
    k_x, k_y = jax.random.split(key)
    x = jax.random.normal(k_x, (steps, size, traits))
    years = 20.0 + 3.0 * x[..., 0] - 2.0 * x[..., 1] + 0.1 * jax.random.normal(k_y, (steps, size))
    return x, years


def main():
    curator = Curator(traits=4, seed=6)
    total, losses = curator.fit(accession_batches(jax.random.key(60), steps=4, size=8, traits=4))
    jax.block_until_ready((total, losses))
    return None
