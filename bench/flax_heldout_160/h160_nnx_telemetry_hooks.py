# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the TelemetryCalibrator's graphdef and state attributes are merged in the scan body; its hook list is handed nnx.state(model, nnx.BatchStat) every step and a StatsHook keeps those states for a summary
"""Satellite telemetry normaliser calibrated pass by pass, with pluggable hooks.

The calibrator runs the normaliser in training mode over each ground-station pass so that
its BatchNorm statistics track sensor drift. Hooks observe every step: a StatsHook keeps
the running statistics to report how far they drifted over the calibration.
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
        def body(state, inputs):
            step, frames = inputs
            model = nnx.merge(self.graphdef, state)
            model.train()
            model(frames)
            for hook in self.hooks:
                hook.on_step(step, nnx.state(model, nnx.BatchStat))
            return nnx.state(model), None

        self.state, _ = lax.scan(body, self.state, (jnp.arange(passes.shape[0]), passes))


def main():
    hook = StatsHook()
    calibrator = TelemetryCalibrator(Normaliser(4, nnx.Rngs(0)), hooks=[hook])
    calibrator.calibrate(jax.random.normal(jax.random.key(1), (5, 16, 4)) + 2.0)
    print("drift", hook.drift())
    return None
