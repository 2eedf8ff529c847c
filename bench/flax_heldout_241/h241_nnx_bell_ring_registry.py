# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 an nnx.jit step is looked up in a decorator registry and called with the runner's model attribute from the scan body
"""Ring-down analysis for a bell foundry: apply a registered strike step over a peal of strikes."""
from typing import Callable, Dict

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan

STRIKE_STEPS: Dict[str, Callable] = {}


def strike_step(name: str):
    def register(fn):
        STRIKE_STEPS[name] = fn
        return fn

    return register


class RingDown(nnx.Module):
    def __init__(self, partials: int, *, rngs: nnx.Rngs):
        self.decay = nnx.Linear(partials, partials, rngs=rngs)
        self.hum = nnx.Param(jnp.full((partials,), 0.5))

    def __call__(self, amplitude):
        return nnx.sigmoid(self.decay(amplitude)) * self.hum


@strike_step("tenor")
@nnx.jit
def tenor_strike(model: RingDown, amplitude):
    return model(amplitude)


class PealRunner:
    def __init__(self, bell: str, model: RingDown):
        self.bell = bell
        self.model = model
        self.step = STRIKE_STEPS[bell]

    def peal(self, amplitudes):
        def body(energy, amplitude):
            out = self.step(self.model, amplitude)
            return energy + out.sum(), out

        return scan(body, jnp.zeros(()), amplitudes)


def main():
    runner = PealRunner("tenor", RingDown(4, rngs=nnx.Rngs(params=9)))
    amplitudes = jnp.linspace(1.0, 0.2, 12).reshape(3, 4)
    energy, partials = runner.peal(amplitudes)
    jax.block_until_ready((energy, partials))
    return None
