# label: same-values
# flax-error: none
# class: 5 a jitted step built by a factory merges the runner's split state attribute in each scan step; the state it returns is dropped
"""Under-keel sonar for a lock approach: noisy depth estimates from repeated pings of one vessel."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class SonarDepth(nnx.Module):
    def __init__(self, transducers: int, *, rngs: nnx.Rngs):
        self.beam = nnx.Linear(transducers, transducers, rngs=rngs)
        self.multipath = nnx.Dropout(0.35, rngs=rngs)

    def __call__(self, ping):
        return self.multipath(nnx.softplus(self.beam(ping)))


def make_depth_step(graphdef):
    @jax.jit
    def step(state, ping):
        sonar = nnx.merge(graphdef, state)
        depth = sonar(ping)
        return depth, nnx.state(sonar)

    return step


@dataclass
class Vessel:
    name: str
    draught_m: float


class SonarRunner:
    def __init__(self, sonar: SonarDepth):
        self.graphdef, self.state = nnx.split(sonar)
        self.step = make_depth_step(self.graphdef)

    def survey(self, vessel: Vessel, pings: int):
        echo = jnp.full((4,), vessel.draught_m / 10.0)

        def ping_once(_, __):
            depth, _ = self.step(self.state, echo)
            return None, depth

        _, depths = lax.scan(ping_once, None, None, length=pings)
        return depths


def main():
    runner = SonarRunner(SonarDepth(4, rngs=nnx.Rngs(params=0, dropout=6)))
    return runner.survey(Vessel("MV Hollandia", 3.2), pings=5)
