# label: ok
# flax-error: none
# class: 4 the scan body calls evaluator.model and returns each accord as scan ys; the hooks in evaluator.hooks see the accords after the loop
"""Perfumery accord blending evaluator.

A blend is built up ingredient by ingredient; after each addition the accord
model predicts the scent profile. Evaluation hooks (anything implementing the
StepHook protocol) watch each step: one records the profiles for the perfumer's
report, another tracks the peak intensity.
"""
from dataclasses import dataclass
from typing import Protocol

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


@dataclass(frozen=True)
class BlendConfig:
    ingredients: int = 6
    notes: int = 4


class AccordModel(nnx.Module):
    def __init__(self, config: BlendConfig, rngs: nnx.Rngs):
        self.mix = nnx.Linear(config.ingredients + config.notes, 12, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.profile = nnx.Linear(12, config.notes, rngs=rngs)

    def __call__(self, profile, ingredient):
        h = nnx.tanh(self.mix(jnp.concatenate([profile, ingredient])))
        return nnx.sigmoid(self.profile(self.drop(h)))


class StepHook(Protocol):
    def on_step(self, profile: jax.Array) -> None: ...

    def summary(self) -> jax.Array: ...


class ProfileRecorder:
    def __init__(self):
        self.profiles = []

    def on_step(self, profile):
        self.profiles.append(profile)

    def summary(self):
        return jnp.stack(self.profiles)


class PeakIntensity:
    def __init__(self):
        self.peaks = []

    def on_step(self, profile):
        self.peaks.append(jnp.max(profile))

    def summary(self):
        return jnp.max(jnp.stack(self.peaks))


class BlendEvaluator:
    def __init__(self, model: AccordModel, hooks: list[StepHook], config: BlendConfig):
        self.model = model
        self.hooks = hooks
        self.config = config

    def blend(self, ingredients):
        self.model.eval()

        def add(profile, ingredient):
            profile = self.model(profile, ingredient)
            return profile, profile

        _, profiles = lax.scan(add, jnp.zeros((self.config.notes,)), ingredients)
        for profile in profiles:
            for hook in self.hooks:
                hook.on_step(profile)
        return [hook.summary() for hook in self.hooks]


def main():
    config = BlendConfig()
    evaluator = BlendEvaluator(AccordModel(config, nnx.Rngs(0)), [ProfileRecorder(), PeakIntensity()], config)
    evaluator.blend(jax.nn.one_hot(jnp.array([0, 3, 5, 1]), config.ingredients))
    return None
