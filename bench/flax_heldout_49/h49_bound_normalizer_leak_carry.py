# label: ok
# flax-error: none
# class: 3 a ForecastTrainer keeps model.apply and the variables; a jax.checkpoint-wrapped scan body applies the model with mutable=['batch_stats'] and carries the stats out of the loop
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
        self.variables = variables

    def calibrate(self, windows):
        params = self.variables["params"]

        @jax.checkpoint
        def body(carry, w):
            err, stats = carry
            pred, upd = self.model.apply({"params": params, "batch_stats": stats}, w[:, :-4], train=True,
                                         mutable=["batch_stats"])
            return (err + jnp.mean((pred - w[:, -4:]) ** 2), upd["batch_stats"]), None

        (err, stats), _ = jax.lax.scan(body, (0.0, self.variables["batch_stats"]), windows)
        self.variables = {"params": params, "batch_stats": stats}
        return err

    def export(self):
        stats = self.variables["batch_stats"]
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
