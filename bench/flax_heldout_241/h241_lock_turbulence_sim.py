# label: same-values
# flax-error: none
# class: 5 the fori_loop body is functools.partial(_eddy_step, module, ...); the module-level step draws module.make_rng('eddies') inside the body
"""Turbulence sampler for a lock-gate sluice: eddy noise on the mixed inflow for each filling interval."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


def _eddy_step(module: "SluiceTurbulence", mixed, i, samples):
    eddy = jax.random.normal(module.make_rng("eddies"), mixed.shape)
    return samples.at[i].set(mixed + module.eddy_scale * eddy)


class SluiceTurbulence(nn.Module):
    ports: int = 3
    intervals: int = 5
    eddy_scale: float = 0.2

    def setup(self):
        self.mix = nn.Dense(self.ports, name="port_mix")

    def __call__(self, inflow):
        mixed = self.mix(inflow)
        step = functools.partial(_eddy_step, self, mixed)
        samples = jnp.zeros((self.intervals, self.ports))
        return fori_loop(0, self.intervals, step, samples)


@dataclass(frozen=True)
class SluiceGate:
    gate_id: str
    openings: tuple = (0.4, 0.6, 0.5)

    def inflow(self):
        return jnp.asarray(self.openings)


class TurbulenceStudy:
    def __init__(self, gate: SluiceGate, seed: int = 0):
        self.gate = gate
        self.model = SluiceTurbulence()
        keys = dict(zip(("params", "eddies"), jax.random.split(jax.random.key(seed))))
        self.params = self.model.init(keys, gate.inflow())["params"]

    def sample(self, eddy_seed: int):
        return self.model.apply({"params": self.params}, self.gate.inflow(), rngs={"eddies": jax.random.key(eddy_seed)})


def main():
    study = TurbulenceStudy(SluiceGate("lock-7-west"))
    return study.sample(eddy_seed=31)
