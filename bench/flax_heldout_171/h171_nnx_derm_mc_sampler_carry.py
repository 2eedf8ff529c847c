# label: ok
# flax-error: none
# class: 5 a factory splits the train-mode model and returns a sampler whose step merges the state carried through the scan and returns it; finish writes it back with nnx.update
"""Dermatology image triage: Monte Carlo dropout uncertainty for one dermoscopy crop before referral."""
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
from flax import nnx


class LesionClassifier(nnx.Module):
    def __init__(self, classes: int, rngs: nnx.Rngs):
        self.conv = nnx.Conv(3, 8, kernel_size=(3, 3), rngs=rngs)
        self.drop = nnx.Dropout(0.4, rngs=rngs)
        self.head = nnx.Linear(8, classes, rngs=rngs)

    def __call__(self, image):
        h = nnx.relu(self.conv(image[None])).mean(axis=(1, 2))
        return jax.nn.softmax(self.head(self.drop(h)))[0]


class Sampler(NamedTuple):
    step: Callable
    init: object
    finish: Callable


def make_uncertainty_sampler(model: LesionClassifier) -> Sampler:
    model.train()
    graphdef, state = nnx.split(model)

    def step(state, image):
        replica = nnx.merge(graphdef, state)
        probs = replica(image)
        return nnx.state(replica), probs

    return Sampler(step=step, init=state, finish=lambda state: nnx.update(model, state))


def referral_samples(model, image, passes: int):
    sampler = make_uncertainty_sampler(model)
    images = jnp.broadcast_to(image, (passes, *image.shape))
    carry, samples = jax.lax.scan(sampler.step, sampler.init, images)
    sampler.finish(carry)
    return samples


def main():
    model = LesionClassifier(classes=4, rngs=nnx.Rngs(params=0, dropout=1))
    crop = jax.random.uniform(jax.random.key(21), (8, 8, 3))
    return referral_samples(model, crop, passes=6)
