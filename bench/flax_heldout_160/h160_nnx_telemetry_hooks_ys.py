# label: ok
# flax-error: none
# class: 3 the TelemetryCalibrator's graphdef and state attributes are merged in the scan body, which returns nnx.state(model, nnx.BatchStat) as ys; the hooks receive each step's slice after the loop
"""Satellite telemetry normaliser calibrated pass by pass, with pluggable hooks.

The calibrator runs the normaliser in training mode over each ground-station pass so that
its BatchNorm statistics track sensor drift. The per-pass statistics leave the scan as its
stacked outputs; hooks are replayed over them once the loop is done.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Normaliser(nnx.Module):
    def __init__(self, channels: int, rngs: nnx.Rngs):
        self.norm = nnx.BatchNorm(channels, momentum=0.7, rngs=rngs)
        self.mix = nnx.Linear(channels, channels, rngs=rngs)

    def __call__(self, frames):
        return self.mix(self.norm(frames))


class StatsHook:
    def __init__(self):
        self.history = []

    def on_step(self, step, batch_stats):
        self.history.append(batch_stats)

    def drift(self):
        means = [jax.tree.leaves(s)[0] for s in self.history]
        return jnp.abs(means[-1] - means[0]).max()


class TelemetryCalibrator:
    def __init__(self, model: Normaliser, hooks):
        self.graphdef, self.state = nnx.split(model)
        self.hooks = hooks

    def calibrate(self, passes):
        def body(state, frames):
            model = nnx.merge(self.graphdef, state)
            model.train()
            model(frames)
            return nnx.state(model), nnx.state(model, nnx.BatchStat)

        self.state, per_pass = lax.scan(body, self.state, passes)
        for step in range(passes.shape[0]):
            stats = jax.tree.map(lambda leaf: leaf[step], per_pass)
            for hook in self.hooks:
                hook.on_step(step, stats)


def main():
    hook = StatsHook()
    calibrator = TelemetryCalibrator(Normaliser(4, nnx.Rngs(0)), hooks=[hook])
    calibrator.calibrate(jax.random.normal(jax.random.key(1), (5, 16, 4)) + 2.0)
    print("drift", hook.drift())
    return None
