# label: ok
# flax-error: none
# class: 4 the wake model's deficits computed in the scan body leave as ys and reach FarmSimulator.hooks -> the bound method Recorder.record after the loop
"""Wake-loss simulation for an offshore wind farm operator.

A learned wake model predicts the velocity deficit at each turbine from the inflow; the
simulator integrates energy over a wind record and lets monitoring hooks record what the model
produced, which the yield report later summarises.
"""
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class WakeDeficit(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, inflow):
        return 0.3 * nnx.sigmoid(self.out(nnx.tanh(self.hidden(inflow))))[..., 0]


class Recorder:
    def __init__(self):
        self.frames = {}

    def record(self, name, value):
        self.frames.setdefault(name, []).append(value)

    def stacked(self, name):
        return jnp.stack(self.frames[name])


class FarmSimulator:
    def __init__(self, model: WakeDeficit, hooks=()):
        self.model = model
        self.hooks = list(hooks)

    def run(self, wind):
        def tick(energy, inflow):
            deficit = self.model(inflow)
            power = (1.0 - deficit) ** 3 * inflow[:, 0] ** 3
            return energy + power.sum(), deficit

        energy, deficits = scan(tick, jnp.float32(0.0), wind)
        for deficit in deficits:
            for hook in self.hooks:
                hook("deficit", deficit)
        return energy


def yield_report(recorder: Recorder):
    return {"mean_deficit": float(recorder.stacked("deficit").mean())}


def main():
    wind = jnp.abs(jnp.cos(jnp.arange(12 * 4 * 3, dtype=jnp.float32) / 7.0)).reshape(12, 4, 3)
    recorder = Recorder()
    FarmSimulator(WakeDeficit(nnx.Rngs(0)), hooks=[recorder.record]).run(wind)
    yield_report(recorder)
    return None
