# label: ok
# flax-error: none
# class: 5 make_delay_sampler draws a key from the rngs.delay stream when it builds a functools.partial step; the scan body calls that partial with the train index, which is folded into the key
"""Railway signalling: a block-section model predicts headway delays; the timetable
simulator draws one stochastic delay per train passing a signal."""
from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx


class HeadwayModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.loc = nnx.Linear(4, 1, rngs=rngs)
        self.scale = nnx.Linear(4, 1, rngs=rngs)

    def __call__(self, section):
        return self.loc(section)[0], nnx.softplus(self.scale(section))[0]


def _sample_delay(model, key, section, train):
    loc, scale = model(section)
    return jax.nn.softplus(loc + scale * jax.random.normal(jax.random.fold_in(key, train), ()))


def make_delay_sampler(model, rngs: nnx.Rngs):
    return partial(_sample_delay, model, rngs.delay())


class TimetableSimulator:
    def __init__(self, sampler, section):
        self.sampler = sampler
        self.section = section

    def run(self, trains: int):
        def pass_signal(clock, train):
            delay = self.sampler(self.section, train)
            return clock + 3.0 + delay, delay

        _, delays = jax.lax.scan(pass_signal, jnp.zeros(()), jnp.arange(trains))
        return delays


def main():
    rngs = nnx.Rngs(params=0, delay=5)
    model = HeadwayModel(rngs)
    section = jnp.array([1.2, 0.4, 0.0, 3.0])
    return TimetableSimulator(make_delay_sampler(model, rngs), section).run(trains=8)
