# label: ok
# flax-error: none
# class: 4 the monitor's split state is carried and merged in the while_loop body; the hooks in the monitor's callback list see the model merged from the final carry after the loop
"""Satellite telemetry anomaly monitor: scores orbit passes until an anomaly is found, with pluggable hooks."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class PeakScore(nnx.Variable):
    """Largest anomaly score seen so far."""


class TelemetryScorer(nnx.Module):
    def __init__(self, channels, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(channels, 8, rngs=rngs)
        self.decode = nnx.Linear(8, channels, rngs=rngs)
        self.peak = PeakScore(jnp.zeros(()))

    def __call__(self, frame):
        error = jnp.mean((self.decode(nnx.tanh(self.encode(frame))) - frame) ** 2)
        self.peak[...] = jnp.maximum(self.peak[...], error)
        return error


class Hook:
    def on_pass(self, index, model):
        pass

    def finalize(self):
        return {}


class SnapshotHook(Hook):
    def __init__(self):
        self.latest = None

    def on_pass(self, index, model):
        self.latest = nnx.state(model, PeakScore)

    def finalize(self):
        return {"peak": sum(jnp.sum(leaf) for leaf in jax.tree.leaves(self.latest))}


class PassMonitor:
    def __init__(self, model, hooks, threshold=5.0):
        self.model = model
        self.hooks = list(hooks)
        self.threshold = threshold

    def scan_passes(self, passes):
        graphdef, state = nnx.split(self.model)
        count = passes.shape[0]

        def cond(carry):
            i, _, score = carry
            return (i < count) & (score < self.threshold)

        def body(carry):
            i, state, _ = carry
            model = nnx.merge(graphdef, state)
            score = model(passes[i])
            return i + 1, nnx.state(model), score

        i, state, score = lax.while_loop(cond, body, (0, state, jnp.float32(0.0)))
        nnx.update(self.model, state)
        for hook in self.hooks:
            hook.on_pass(i - 1, self.model)
        report = {}
        for hook in self.hooks:
            report.update(hook.finalize())
        return i, report


def main():
    passes = jax.random.normal(jax.random.key(6), (7, 9))
    monitor = PassMonitor(TelemetryScorer(9, rngs=nnx.Rngs(0)), [Hook(), SnapshotHook()])
    count, report = monitor.scan_passes(passes)
    print(int(count), {k: float(v) for k, v in report.items()})
    return None
