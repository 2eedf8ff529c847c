# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[30] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body scores each telemetry window with the monitor's autoencoder and dispatches the on_window_scored hook by name through HookRegistry; AnomalyLog keeps the scores and on_pass_end reduces them after the loop
"""Satellite operations: score a ground-station pass of telemetry for anomalies.

Hooks are registered per event name; alerting, logging and dashboards each add their own.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class TelemetryAutoencoder(nnx.Module):
    def __init__(self, channels: int, rngs: nnx.Rngs):
        self.encode = nnx.Linear(channels, 4, rngs=rngs)
        self.decode = nnx.Linear(4, channels, rngs=rngs)

    def __call__(self, frames):
        return self.decode(nnx.tanh(self.encode(frames)))


class AnomalyLog:
    def __init__(self):
        self.window_scores = []
        self.worst = None

    def on_window_scored(self, window, scores):
        self.window_scores.append(scores)

    def on_pass_end(self):
        self.worst = jnp.max(jnp.stack(self.window_scores))


class HookRegistry:
    def __init__(self):
        self._hooks: dict[str, list] = {}

    def subscribe(self, listener, *events):
        for event in events:
            self._hooks.setdefault(event, []).append(getattr(listener, event))

    def dispatch(self, event: str, *args):
        for hook in self._hooks.get(event, []):
            hook(*args)


class PassMonitor:
    def __init__(self, model: TelemetryAutoencoder, hooks: HookRegistry):
        self.model, self.hooks = model, hooks

    def score_pass(self, windows):
        def window(count, frames):
            err = jnp.mean((self.model(frames) - frames) ** 2, axis=-1)
            self.hooks.dispatch("on_window_scored", count, err)
            return count + 1, err.max()

        _, peaks = scan(window, 0, windows)
        self.hooks.dispatch("on_pass_end")
        return peaks


def main():
    windows = jax.random.normal(jax.random.key(0), (5, 30, 12))  # 5 windows x 30 frames x 12 channels
    log = AnomalyLog()
    hooks = HookRegistry()
    hooks.subscribe(log, "on_window_scored", "on_pass_end")
    PassMonitor(TelemetryAutoencoder(12, nnx.Rngs(0)), hooks).score_pass(windows)
    jax.block_until_ready(log.worst)
    return None
