# label: ok
# flax-error: none
# class: 4 LightingDesk -> CueStack.bank -> FixtureBank (module.apply with the cache collection carried through the scan) called in the scan body
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
        self.cache = variables["cache"]

    def render(self, cache, cue):
        levels, updates = self.module.apply({"params": self.params, "cache": cache}, cue, mutable=["cache"])
        return updates["cache"], levels

    def last_levels(self):
        return self.cache["last_level"]


class CueStack:
    def __init__(self, bank: FixtureBank, cues):
        self.bank = bank
        self.cues = cues

    def run(self):
        def body(carry, cue):
            total, cache = carry
            cache, levels = self.bank.render(cache, cue)
            return (total + levels.mean(), cache), levels.max()

        (total, cache), peaks = lax.scan(body, (jnp.zeros(()), self.bank.cache), self.cues)
        self.bank.cache = cache
        return total, peaks


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
