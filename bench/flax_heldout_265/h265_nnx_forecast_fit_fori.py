# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the fori_loop body updates the model through trainer.state.optimizer, reached via the trainer's train-state dataclass
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class SeasonalForecaster(nnx.Module):
    def __init__(self, lags: int, rngs: nnx.Rngs):
        self.trend = nnx.Linear(lags, 1, rngs=rngs)
        self.season = nnx.Linear(lags, 1, use_bias=False, rngs=rngs)

    def __call__(self, lags):
        return self.trend(lags) + jnp.sin(self.season(lags))


@dataclasses.dataclass
class TrainState:
    model: SeasonalForecaster
    optimizer: nnx.Optimizer
    epoch: int = 0


@dataclasses.dataclass(frozen=True)
class FitConfig:
    lags: int = 6
    learning_rate: float = 0.02
    batches: int = 4


class ForecastTrainer:
    def __init__(self, cfg: FitConfig, state: TrainState):
        self.cfg = cfg
        self.state = state

    def fit_epoch(self, lag_windows, targets):
        graphdef = nnx.graphdef(self.state.model)

        def loss_of(params, x, y):
            model = nnx.merge(graphdef, params)
            return jnp.mean((model(x) - y) ** 2)

        def body(i, total):
            params = nnx.state(self.state.model, nnx.Param)
            loss, grads = jax.value_and_grad(loss_of)(params, lag_windows[i], targets[i])
            self.state.optimizer.update(self.state.model, grads)
            return total + loss

        total = lax.fori_loop(0, self.cfg.batches, body, jnp.float32(0.0))
        self.state.epoch += 1
        return total / self.cfg.batches


def build_trainer(cfg: FitConfig, seed: int) -> ForecastTrainer:
    model = SeasonalForecaster(cfg.lags, nnx.Rngs(seed))
    optimizer = nnx.Optimizer(model, optax.sgd(cfg.learning_rate), wrt=nnx.Param)
    return ForecastTrainer(cfg, TrainState(model, optimizer))


def main():
    cfg = FitConfig()
    trainer = build_trainer(cfg, seed=0)
    windows = jax.random.uniform(jax.random.key(1), (cfg.batches, 10, cfg.lags))
    targets = windows.mean(-1, keepdims=True)
    jax.block_until_ready(trainer.fit_epoch(windows, targets))
