# label: not-pair
# jax-error: TypeError: scan body output must be a pair, got Particle(pos=ShapedArray(float32[]), vel=ShapedArray(float32[]), t=ShapedArray(float32[])).
# class: 3 a 3-field NamedTuple particle state returned alone from the scan body
from typing import NamedTuple

import jax.numpy as jnp
from jax import lax


class Particle(NamedTuple):
    pos: jnp.ndarray
    vel: jnp.ndarray
    t: jnp.ndarray


def main():
    dt = 0.1

    def step(p, _):
        vel = p.vel - 9.81 * dt
        return Particle(p.pos + dt * vel, vel, p.t + dt)

    final, _ = lax.scan(step, Particle(jnp.float32(10.0), jnp.float32(0.0), jnp.float32(0.0)), None, length=5)
    return final.pos
