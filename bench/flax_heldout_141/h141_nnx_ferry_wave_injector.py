# label: same-values
# flax-error: none
# class: 5 a WaveInjector gets nnx.Rngs through its constructor; the factory make_perturb_step draws one key from its "waves" stream and the returned step function, the scan body, reuses that key
"""River-ferry hull-load simulation: a surrogate hull model is driven through a crossing, and a
wave injector adds stochastic river chop at each time step. Returns the chop injected per step."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class HullSurrogate(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.dyn = nnx.Linear(4, 4, rngs=rngs)

    def __call__(self, state, chop):
        return state + 0.1 * nnx.tanh(self.dyn(state) + chop)


class WaveInjector:
    def __init__(self, rngs: nnx.Rngs, amplitude: float = 0.3):
        self.rngs = rngs
        self.amplitude = amplitude

    def chop(self, key):
        return self.amplitude * jax.random.laplace(key, (4,))


def make_perturb_step(hull: HullSurrogate, injector: WaveInjector):
    key = injector.rngs.waves()

    def step(state, _):
        chop = injector.chop(key)
        return hull(state, chop), chop

    return step


def main():
    rngs = nnx.Rngs(params=0, waves=11)
    hull = HullSurrogate(rngs)
    injector = WaveInjector(rngs)
    step = make_perturb_step(hull, injector)
    _, chops = lax.scan(step, jnp.zeros((4,)), None, length=6)
    return chops
