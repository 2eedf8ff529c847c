# label: ok
# flax-error: none
# class: 5 a step registered by the @register_step decorator runs in the scan body; its batch_stats leave as ys and are averaged onto ctx.variables after the loop
"""Nowcasting: recalibrate the normalisation statistics of a precipitation model on recent radar frames."""
from __future__ import annotations

import dataclasses
from typing import Callable, Dict

import jax
import jax.numpy as jnp
import jax.lax as jlax
import flax.linen as fnn

STEP_REGISTRY: Dict[str, Callable] = {}


def register_step(name: str):
    def wrap(fn):
        STEP_REGISTRY[name] = fn
        return fn

    return wrap


class EchoNormaliser(fnn.Module):
    features: int = 6

    @fnn.compact
    def __call__(self, frame, train: bool = False):
        h = fnn.Dense(self.features)(frame)
        h = fnn.BatchNorm(use_running_average=not train, momentum=0.8)(h)
        return fnn.Dense(1)(fnn.gelu(h))


@dataclasses.dataclass
class RecalibrationContext:
    model: fnn.Module
    variables: dict
    steps_done: int = 0


@register_step("bn_recalibrate")
def recalibrate_on_frame(ctx: RecalibrationContext, frame):
    out, mutated = ctx.model.apply(ctx.variables, frame, train=True, mutable=["batch_stats"])
    return out, mutated["batch_stats"]


class Recalibrator:
    def __init__(self, ctx: RecalibrationContext, step_name: str = "bn_recalibrate"):
        self.ctx = ctx
        self.step = STEP_REGISTRY[step_name]

    def run(self, frames):
        def body(carry, frame):
            return carry, self.step(self.ctx, frame)

        _, (outputs, per_frame_stats) = jlax.scan(body, None, frames)
        averaged = jax.tree.map(lambda s: s.mean(axis=0), per_frame_stats)
        self.ctx.variables = {**self.ctx.variables, "batch_stats": averaged}
        self.ctx.steps_done += frames.shape[0]
        return outputs

    def mean_running_variance(self):
        stats = self.ctx.variables["batch_stats"]
        return jnp.mean(jnp.stack([leaf.mean() for leaf in jax.tree.leaves(stats)]))


def main():
    model = EchoNormaliser()
    frames = jax.random.gamma(jax.random.key(4), 2.0, (5, 3, 8))
    variables = model.init(jax.random.key(0), frames[0])
    recal = Recalibrator(RecalibrationContext(model, variables))
    outputs = recal.run(frames)
    jax.block_until_ready((outputs, recal.mean_running_variance()))
    return None
