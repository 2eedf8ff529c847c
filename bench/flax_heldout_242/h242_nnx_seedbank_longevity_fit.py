# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 5 the scan body is a fit step built by make_fit_step, closing over the outer Longevity model and an nnx.value_and_grad wrapper
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


def make_fit_step(model: Longevity, lr: float):
    grad_fn = nnx.value_and_grad(mse)

    def fit_step(total, batch):
        loss, grads = grad_fn(model, batch)
        params = nnx.state(model, nnx.Param)
        nnx.update(model, jax.tree.map(lambda p, g: p - lr * g, params, grads))
        return total + loss, loss

    return fit_step


class Curator:
    def __init__(self, traits: int, seed: int):
        self.model = Longevity(traits, nnx.Rngs(seed))

    def fit(self, batches, lr: float = 0.05):
        total, losses = scan(make_fit_step(self.model, lr), jnp.zeros(()), batches)
        return total, losses


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
