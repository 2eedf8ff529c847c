# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 LightingDesk -> CueStack.bank -> FixtureBank.bound (model.bind with mutable cache) written in the scan body, read after it
"""Stage lighting: a fixture bank smooths dimmer levels across a cue stack."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class FixtureModel(nn.Module):
    channels: int

    @nn.compact
    def __call__(self, cue):
        last = self.variable("cache", "last_level", jnp.zeros, (cue.shape[0], self.channels))
        level = nn.sigmoid(nn.Dense(self.channels, name="dimmer")(cue))
        smoothed = 0.7 * last.value + 0.3 * level
        if not self.is_initializing():
            last.value = smoothed
        return smoothed


class FixtureBank:
    """Owns the fixture network and the smoothing cache of one lighting universe."""

    def __init__(self, module: FixtureModel, variables):
        self.module = module
        self.params = variables["params"]
        self.bound = module.bind(variables, mutable=["cache"])

    def render(self, cue):
        return self.bound(cue)

    def last_levels(self):
        return self.bound.variables["cache"]["last_level"]


class CueStack:
    def __init__(self, bank: FixtureBank, cues):
        self.bank = bank
        self.cues = cues

    def run(self):
        def body(total, cue):
            levels = self.bank.render(cue)
            return total + levels.mean(), levels.max()

        return lax.scan(body, jnp.zeros(()), self.cues)


class LightingDesk:
    def __init__(self, stack: CueStack):
        self.stack = stack

    def go(self):
        total, peaks = self.stack.run()
        final = self.stack.bank.last_levels()
        return {"final_max": jnp.max(final), "total": total, "peak": jnp.max(peaks)}


def main():
    cues = jnp.tile(jnp.linspace(-1.0, 1.0, 6)[None, None, :], (5, 3, 1))
    cues = cues * jnp.arange(1, 6, dtype=jnp.float32)[:, None, None]
    module = FixtureModel(channels=4)
    variables = module.init(jax.random.key(1), cues[0])
    desk = LightingDesk(CueStack(FixtureBank(module, variables), cues))
    summary = desk.go()
    float(summary["final_max"] + summary["total"])
    return None
