# label: ok
# flax-error: none
# class: 5 make_calving_step wraps model.apply(variables, ..., train=...) in jax.checkpoint; the phase comes from the GLACIER_PHASE environment variable (eval) and the scan body calls the rematerialised step, which only reads the variables
"""Glacier calving front: a rematerialised step model advances the front across a melt season."""
import os

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class CalvingModel(nn.Module):
    @nn.compact
    def __call__(self, front, train: bool):
        h = nn.Dense(16, name="fjord")(front)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95, name="norm")(h)
        return front + 0.1 * nn.tanh(nn.Dense(front.shape[-1], name="retreat")(h))


def read_phase():
    return os.environ.get("GLACIER_PHASE", "eval").strip().lower()


def make_calving_step(model, variables, train):
    @jax.checkpoint
    def advance(front):
        return model.apply(variables, front, train=train)

    def step(front, melt):
        front = advance(front + melt)
        return front, jnp.mean(front)

    return step


def main():
    train = read_phase() == "train"
    model = CalvingModel()
    front = jax.random.normal(jax.random.key(0), (5, 6))
    melt = 0.05 * jax.random.uniform(jax.random.key(1), (10, 5, 6))
    variables = model.init(jax.random.key(2), front, train=train)
    step = make_calving_step(model, variables, train)
    final_front, mean_position = lax.scan(step, front, melt)
    jax.block_until_ready((final_front, mean_position))
    return None
