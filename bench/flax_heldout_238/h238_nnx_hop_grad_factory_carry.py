# label: ok
# flax-error: none
# class: 5 a refit-step factory closes over the graphdef of the NNX moisture model; the scan body built by it merges the model state from the carry, takes nnx.value_and_grad, applies SGD and returns the new state
"""Nightly refit of a hop kiln's moisture probe model from the day's logged batches (NNX, hand-rolled SGD)."""

from __future__ import annotations

import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class MoistureProbe(nnx.Module):
    def __init__(self, channels: int, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(channels, 4, rngs=rngs)
        self.readout = nnx.Linear(4, 1, rngs=rngs)

    def __call__(self, x: jax.Array) -> jax.Array:
        return self.readout(nnx.tanh(self.proj(x))).squeeze(-1)


@dataclass(frozen=True)
class RefitPolicy:
    learning_rate: float = 0.05
    clip: float = 1.0


def probe_loss(model: MoistureProbe, batch) -> jax.Array:
    x, moisture = batch
    return jnp.mean((model(x) - moisture) ** 2)


def sgd_update(model: nnx.Module, grads, policy: RefitPolicy) -> None:
    params = nnx.state(model, nnx.Param)
    new = jax.tree.map(lambda p, g: p - policy.learning_rate * jnp.clip(g, -policy.clip, policy.clip), params, grads)
    nnx.update(model, new)


def make_refit_step(graphdef: nnx.GraphDef, policy: RefitPolicy):
    grad_fn = nnx.value_and_grad(probe_loss)

    def step(state, batch):
        model = nnx.merge(graphdef, state)
        loss, grads = grad_fn(model, batch)
        sgd_update(model, grads, policy)
        return nnx.state(model), loss

    return step


class NightlyRefit:
    def __init__(self, probe: MoistureProbe, policy: RefitPolicy):
        self.probe = probe
        self.policy = policy
        self.step_factory = functools.partial(make_refit_step, policy=policy)

    def run(self, batches) -> jax.Array:
        graphdef, state = nnx.split(self.probe)
        step = self.step_factory(graphdef)
        state, losses = lax.scan(step, state, batches)
        nnx.update(self.probe, state)
        return losses


def day_log(n_batches: int):
    x = jnp.array([[0.61, 0.20, 0.11], [0.55, 0.25, 0.09], [0.48, 0.31, 0.07]])
    moisture = jnp.array([0.12, 0.10, 0.08])
    return jnp.stack([x] * n_batches), jnp.stack([moisture] * n_batches)


def main():
    refit = NightlyRefit(MoistureProbe(3, rngs=nnx.Rngs(3)), RefitPolicy())
    losses = refit.run(day_log(4))
    jax.block_until_ready((losses, refit.probe(day_log(1)[0][0])))
    return None
