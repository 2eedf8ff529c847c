# label: ok
# flax-error: none
# class: 5 functools.partial binds one key drawn from the sampler's 'gust' stream and the wake model into the scan body, which folds in the draw index
import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class WakeModel(nnx.Module):
    def __init__(self, stations: int, *, rngs: nnx.Rngs):
        self.shear = nnx.Linear(stations, stations, rngs=rngs)

    def __call__(self, velocity):
        return velocity + 0.1 * nnx.tanh(self.shear(velocity))


def _gust_step(key, wake, intensity, carry, draw):
    index, velocity = draw
    draw_key = jax.random.fold_in(key, index)
    perturbed = velocity + intensity * jax.random.normal(draw_key, velocity.shape)
    return carry, wake(perturbed)


class TurbulenceSampler:
    def __init__(self, wake: WakeModel, rngs: nnx.Rngs, intensity: float):
        self.wake = wake
        self.rngs = rngs
        self.intensity = intensity

    @classmethod
    def from_config(cls, cfg: dict):
        rngs = nnx.Rngs(params=cfg["seed"], gust=cfg["seed"] + 7)
        return cls(WakeModel(cfg["stations"], rngs=rngs), rngs, cfg["intensity"])

    def sample(self, freestream, draws: int):
        step = functools.partial(_gust_step, self.rngs.gust(), self.wake, self.intensity)
        velocities = jnp.broadcast_to(freestream, (draws,) + freestream.shape)
        _, wakes = lax.scan(step, None, (jnp.arange(draws), velocities))
        return wakes


def main():
    sampler = TurbulenceSampler.from_config({"seed": 2, "stations": 5, "intensity": 0.2})
    freestream = jnp.full((5,), 15.0)
    return sampler.sample(freestream, draws=6)
