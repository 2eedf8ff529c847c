# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a CheckpointManager that lazily restores (nnx.merge) and caches the model on first use inside a scan body
"""Checkpoint/restore manager hands a model to an inference loop and keeps it for later requests."""
import jax
import jax.numpy as jnp
from flax import nnx


class Forecaster(nnx.Module):
    def __init__(self, lags, *, rngs: nnx.Rngs):
        self.linear = nnx.Linear(lags, 1, rngs=rngs)

    def __call__(self, window):
        return self.linear(window)[..., 0]


class CheckpointManager:
    def __init__(self):
        self._saved = {}
        self._restored = {}

    def save(self, name, model):
        self._saved[name] = nnx.split(model)

    def model(self, name):
        if name not in self._restored:
            graphdef, state = self._saved[name]
            # copy so a later in-place update never aliases the saved checkpoint
            self._restored[name] = nnx.merge(graphdef, jax.tree.map(lambda a: jnp.array(a, copy=True), state))
        return self._restored[name]


def rolling_forecast(manager, name, history, horizon):
    def body(window, _):
        pred = manager.model(name)(window)
        return jnp.concatenate([window[1:], pred[None]]), pred

    _, preds = jax.lax.scan(body, history, None, length=horizon)
    return preds


def main():
    manager = CheckpointManager()
    manager.save("forecaster/latest", Forecaster(4, rngs=nnx.Rngs(0)))
    rolling_forecast(manager, "forecaster/latest", jnp.arange(4.0), horizon=3)
    manager.model("forecaster/latest")(jnp.ones((4,))).block_until_ready()
    return None
