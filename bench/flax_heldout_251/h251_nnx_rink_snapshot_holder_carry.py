# label: ok
# flax-error: none
# class: 4 the state of RinkService.policy is merged inside the fori_loop body and leaves through the carry; RinkService.recorder.latest is set after the loop
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class Floods(nnx.Variable):
    pass


class FloodPolicy(nnx.Module):
    def __init__(self, lanes: int, rngs: nnx.Rngs):
        self.spray = nnx.Linear(lanes, lanes, rngs=rngs)
        self.floods = Floods(jnp.zeros((), jnp.int32))

    def __call__(self, roughness):
        self.floods[...] = self.floods[...] + 1
        return jax.nn.softplus(self.spray(roughness))


@dataclasses.dataclass
class Recorder:
    latest: FloodPolicy | None = None
    sessions: int = 0


class RinkService:
    def __init__(self, lanes: int = 4):
        self.policy = FloodPolicy(lanes, nnx.Rngs(3))
        self.recorder = Recorder()

    def flood(self, roughness, laps: int):
        graphdef, state = nnx.split(self.policy)

        def lap(i, carry):
            state, surface = carry
            policy = nnx.merge(graphdef, state)
            water = policy(surface)
            return nnx.state(policy), surface * jnp.exp(-0.2 * water)

        state, surface = fori_loop(0, laps, lap, (state, roughness))
        nnx.update(self.policy, state)
        self.recorder.latest = self.policy
        self.recorder.sessions += 1
        return surface

    def end_of_day_report(self, roughness):
        return self.recorder.latest(roughness).sum()


def main():
    service = RinkService()
    roughness = jnp.array([0.7, 0.2, 0.5, 0.9])
    surface = service.flood(roughness, laps=4)
    water = service.end_of_day_report(roughness)
    jax.block_until_ready((surface, water))
    return None
