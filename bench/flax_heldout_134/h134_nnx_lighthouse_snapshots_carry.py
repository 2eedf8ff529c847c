# label: ok
# flax-error: none
# class: 4 a decorator HookRegistry runs the registered "snapshot" hook on the module merged inside the scan body; the hook returns nnx.state(module), which leaves the loop in the carry and is recorded and restored with nnx.update after the loop
"""Lighthouse lamp controller: advances the beam phase of the rotating optic night by
night; registered hooks take snapshots the keeper can roll back to."""
import jax
import jax.numpy as jnp
from flax import nnx


class BeamPhase(nnx.Variable):
    """Phase of the rotating optic, in turns."""


class LampController(nnx.Module):
    def __init__(self, rngs):
        self.drive = nnx.Linear(3, 1, rngs=rngs)
        self.phase = BeamPhase(jnp.zeros(()))

    def __call__(self, weather):
        speed = nnx.softplus(self.drive(weather))[0]
        self.phase.value = (self.phase.value + speed) % 1.0
        return speed


class HookRegistry:
    def __init__(self):
        self._hooks = {}
        self.snapshots = []

    def register(self, name):
        def decorator(fn):
            self._hooks[name] = fn
            return fn
        return decorator

    def run(self, name, module):
        return self._hooks[name](self, module)


HOOKS = HookRegistry()


@HOOKS.register("snapshot")
def snapshot(registry, module):
    return nnx.state(module)


class LighthouseKeeper:
    def __init__(self, lamp):
        self.lamp = lamp

    def run_nights(self, weather):
        graphdef, state = nnx.split(self.lamp)

        def night(carry, w):
            state, _ = carry
            lamp = nnx.merge(graphdef, state)
            speed = lamp(w)
            snap = HOOKS.run("snapshot", lamp)
            return (nnx.state(lamp), snap), speed

        (state, snap), speeds = jax.lax.scan(night, (state, state), weather)
        HOOKS.snapshots.append(snap)
        return speeds

    def roll_back(self):
        nnx.update(self.lamp, HOOKS.snapshots[-1])
        return self.lamp(jnp.zeros(3))


def main():
    weather = jax.random.normal(jax.random.key(0), (7, 3))
    keeper = LighthouseKeeper(LampController(nnx.Rngs(0)))
    keeper.run_nights(weather)
    keeper.roll_back()
    return None
