# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a decorator HookRegistry runs the registered "snapshot" hook on the module merged inside the scan body; the hook keeps nnx.state(module) on the registry and the keeper restores it with nnx.update after the loop
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
    registry.snapshots.append(nnx.state(module))


class LighthouseKeeper:
    def __init__(self, lamp):
        self.lamp = lamp

    def run_nights(self, weather):
        graphdef, state = nnx.split(self.lamp)

        def night(state, w):
            lamp = nnx.merge(graphdef, state)
            speed = lamp(w)
            HOOKS.run("snapshot", lamp)
            return nnx.state(lamp), speed

        state, speeds = jax.lax.scan(night, state, weather)
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
