# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 LoadForecaster.rollout wraps its BatchNorm cell in jax.checkpoint and calls the wrapper from a fori_loop body
"""Day-ahead feeder load forecaster for a distribution grid operator.

The autoregressive rollout is rematerialised with jax.checkpoint to keep the memory of long
horizons flat; the BatchNorm statistics are refreshed during the nightly fine-tuning pass.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class ForecastConfig:
    hidden: int = 16
    horizon: int = 12
    feeders: int = 8
    train: bool = True


class LoadForecaster(nn.Module):
    config: ForecastConfig

    def setup(self):
        self.encoder = nn.Dense(self.config.hidden)
        self.norm = nn.BatchNorm(use_running_average=not self.config.train, momentum=0.9)
        self.head = nn.Dense(1)

    def cell(self, hidden, load):
        z = self.norm(self.encoder(jnp.concatenate([hidden, load], axis=-1)))
        return jnp.tanh(z), self.head(z)

    def rollout(self, history):
        cfg = self.config
        hidden0 = jnp.zeros((cfg.feeders, cfg.hidden))
        if self.is_initializing():
            self.cell(hidden0, history[0])
        step = jax.checkpoint(self.cell)

        def body(t, state):
            hidden, preds = state
            hidden, pred = step(hidden, history[t])
            return hidden, preds.at[t].set(pred)

        preds0 = jnp.zeros((cfg.horizon, cfg.feeders, 1))
        _, preds = jax.lax.fori_loop(0, cfg.horizon, body, (hidden0, preds0))
        return preds


class NightlyJob:
    def __init__(self, config: ForecastConfig):
        self.config = config
        self.model = LoadForecaster(config)
        history = self.load_history(0)
        self.variables = self.model.init(jax.random.key(0), history, method=LoadForecaster.rollout)

    def load_history(self, day: int):
        key = jax.random.fold_in(jax.random.key(11), day)
        return jax.random.uniform(key, (self.config.horizon, self.config.feeders, 1))

    def run(self, day: int):
        preds, updates = self.model.apply(
            self.variables, self.load_history(day), method=LoadForecaster.rollout, mutable=["batch_stats"])
        self.variables = {**self.variables, **updates}
        return preds


def main():
    job = NightlyJob(ForecastConfig())
    for day in range(2):
        job.run(day)
    jax.tree.map(jnp.mean, job.variables["batch_stats"])
    return None
