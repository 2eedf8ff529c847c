# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a ForecastTrainer binds the model with mutable=['batch_stats']; a jax.checkpoint-wrapped scan body calls the bound module in training mode and the trainer reads bound.variables after the loop
"""Time-series forecasting toolkit: fit the normalization statistics over a sliding-window
dataset, then export the variables for serving."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class WindowEncoder(nn.Module):
    horizon: int = 4

    @nn.compact
    def __call__(self, window, train=False):
        h = nn.Dense(16)(window)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(h)
        return nn.Dense(self.horizon)(nn.relu(h))


class ForecastTrainer:
    def __init__(self, model, variables):
        self.model = model
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def calibrate(self, windows):
        @jax.checkpoint
        def body(err, w):
            pred = self.bound(w[:, :-4], train=True)
            return err + jnp.mean((pred - w[:, -4:]) ** 2), None

        err, _ = jax.lax.scan(body, 0.0, windows)
        return err

    def export(self):
        stats = self.bound.variables["batch_stats"]
        return jax.tree.map(lambda a: jnp.asarray(a, jnp.float32) * 1.0, stats)


def make_windows(series, length, batch):
    idx = jnp.arange(length)[None, :] + jnp.arange(series.shape[0] - length)[:, None]
    w = series[idx]
    return w[: (w.shape[0] // batch) * batch].reshape(-1, batch, length)


def main():
    series = jnp.sin(jnp.arange(80) * 0.3)
    windows = make_windows(series, 20, 8)
    model = WindowEncoder()
    variables = model.init(jax.random.key(0), windows[0][:, :-4])
    trainer = ForecastTrainer(model, variables)
    trainer.calibrate(windows)
    trainer.export()
    return None
