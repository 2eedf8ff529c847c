# label: ok
# flax-error: none
# class: 3 keys split from perturber.rngs.sway(), an nnx.Rngs stream kept on one helper object, before the scan enter the body as xs
"""Truss deflection sampling for circus rigging safety sign-off.

A perturber object owns the random stream used to swing the aerial apparatus; the simulation
scans over load cases and returns the predicted deflection of every hanging point per case.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class TrussDeflectionNet(nnx.Module):
    def __init__(self, points: int, rngs: nnx.Rngs):
        self.couple = nnx.Linear(points, points, rngs=rngs)

    def __call__(self, loads):
        return nnx.softplus(self.couple(loads))


class SwayPerturber:
    def __init__(self, seed: int, amplitude: float = 0.15):
        self.rngs = nnx.Rngs(sway=seed)
        self.amplitude = amplitude


def simulate(model, perturber: SwayPerturber, static_load, cases: int):
    keys = jax.random.split(perturber.rngs.sway(), cases)

    def load_case(carry, key):
        swing = jax.random.normal(key, static_load.shape)
        return carry, model(static_load + perturber.amplitude * swing)

    _, deflections = scan(load_case, None, keys)
    return deflections


def main():
    model = TrussDeflectionNet(5, nnx.Rngs(params=0))
    perturber = SwayPerturber(seed=17)
    static_load = jnp.array([1.0, 1.5, 2.0, 1.5, 1.0])
    return simulate(model, perturber, static_load, cases=6)
