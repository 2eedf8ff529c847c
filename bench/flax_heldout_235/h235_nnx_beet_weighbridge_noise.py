# label: same-values
# flax-error: none
# class: 2 simulate_crossings draws the local `noise_key` from the Rngs once and the scan body uses it directly
"""Weighbridge simulation at the beet reception yard: repeated crossings of the same lorry."""

from __future__ import annotations

from typing import NamedTuple

import jax
import jax.numpy as jnp
import jax.random as jr
from flax import nnx


class Crossing(NamedTuple):
    axle_t: jax.Array
    speed_kmh: jax.Array


class TareEstimator(nnx.Module):
    def __init__(self, axles: int, rngs: nnx.Rngs):
        self.fit = nnx.Linear(axles, axles, rngs=rngs)

    def __call__(self, axle_t):
        return axle_t - 0.05 * nnx.softplus(self.fit(axle_t))


def simulate_crossings(estimator: TareEstimator, rngs: nnx.Rngs, lorry: Crossing, crossings: int, sigma: float = 0.15):
    noise_key = rngs.noise()

    def cross(total, c: Crossing):
        bounce = sigma * (c.speed_kmh / 10.0) * jr.normal(noise_key, c.axle_t.shape)
        net = estimator(c.axle_t + bounce)
        return total + net.sum(), net

    repeated = jax.tree.map(lambda a: jnp.broadcast_to(a, (crossings,) + a.shape), lorry)
    _, nets = jax.lax.scan(cross, jnp.zeros(()), repeated)
    return nets


class ReceptionYard:
    def __init__(self, axles: int = 4):
        self.rngs = nnx.Rngs(params=0, noise=9)
        self.estimator = TareEstimator(axles, self.rngs)

    def audit(self):
        lorry = Crossing(axle_t=jnp.array([6.5, 7.1, 7.3, 7.0]), speed_kmh=jnp.asarray(8.0))
        return simulate_crossings(self.estimator, self.rngs, lorry, crossings=5)


def main():
    return ReceptionYard().audit()
