# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "frames" in "/" because collection "show_log" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 the dome sequencer's own run_show method counts frames in its show_log variable inside the while_loop body
"""Planetarium dome sequencer: fades the dome lighting towards a target sky until the show ends."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class DomeSequencer(nn.Module):
    channels: int = 4
    record: bool = True

    def setup(self):
        self.mix = nn.Dense(self.channels)
        self.frames = self.variable("show_log", "frames", lambda: jnp.zeros((), jnp.int32))

    def calibrate(self, sky):
        return self.mix(sky)

    def run_show(self, sky, duration: int):
        target = self.mix(sky)

        def still_running(state):
            tick, _ = state
            return tick < duration

        def advance(state):
            tick, light = state
            if self.record:
                self.frames.value = self.frames.value + 1
            return tick + 1, 0.8 * light + 0.2 * target

        _, light = lax.while_loop(still_running, advance, (0, jnp.zeros_like(target)))
        return light


class ShowController:
    def __init__(self, sequencer: DomeSequencer, sky):
        self.sequencer = sequencer
        self.variables = sequencer.init(jax.random.key(7), sky, method=DomeSequencer.calibrate)

    def play(self, sky, duration: int = 6):
        return self.sequencer.apply(self.variables, sky, duration, method=DomeSequencer.run_show)


def main():
    sky = jnp.array([[0.1, 0.4, 0.9, 0.2], [0.3, 0.3, 0.6, 0.8]])
    controller = ShowController(DomeSequencer(), sky)
    light = controller.play(sky)
    jax.block_until_ready(light)
