# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the trainer's batch_stats attribute is read and reassigned inside the scan body
import dataclasses

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


@dataclasses.dataclass(frozen=True)
class ForecastConfig:
    n_skus: int = 6
    history_weeks: int = 8
    hidden: int = 8
    learning_rate: float = 0.05
    micro_batches: int = 4


class DemandForecaster(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, history, train: bool):
        h = nn.Dense(self.hidden, name="encode")(history)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9, name="norm")(h)
        return nn.Dense(1, name="next_week")(nn.relu(h))


def weekly_sales(cfg: ForecastConfig, key):
    k_base, k_noise = jax.random.split(key)
    base = jax.random.uniform(k_base, (cfg.micro_batches, cfg.n_skus, cfg.history_weeks), minval=5.0, maxval=50.0)
    sales = base + jnp.linspace(0.0, 3.0, cfg.history_weeks)
    target = sales[..., -1:] * 1.05 + jax.random.normal(k_noise, (cfg.micro_batches, cfg.n_skus, 1))
    return sales / 50.0, target / 50.0


class ForecastTrainer:
    def __init__(self, cfg: ForecastConfig, key):
        self.cfg = cfg
        self.model = DemandForecaster(cfg.hidden)
        variables = self.model.init(key, jnp.zeros((cfg.n_skus, cfg.history_weeks)), train=False)
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def _loss(self, params, batch_stats, history, target):
        pred, updates = self.model.apply(
            {"params": params, "batch_stats": batch_stats}, history, train=True, mutable=["batch_stats"])
        return jnp.mean((pred - target) ** 2), updates["batch_stats"]

    def run_epoch(self, histories, targets):
        def step(params, batch):
            history, target = batch
            (loss, new_stats), grads = jax.value_and_grad(self._loss, has_aux=True)(
                params, self.batch_stats, history, target)
            self.batch_stats = new_stats
            params = jax.tree.map(lambda p, g: p - self.cfg.learning_rate * g, params, grads)
            return params, loss

        self.params, losses = lax.scan(step, self.params, (histories, targets))
        return losses

    def forecast(self, history):
        variables = {"params": self.params, "batch_stats": self.batch_stats}
        return self.model.apply(variables, history, train=False)


def main():
    cfg = ForecastConfig()
    trainer = ForecastTrainer(cfg, jax.random.key(0))
    histories, targets = weekly_sales(cfg, jax.random.key(1))
    losses = trainer.run_epoch(histories, targets)
    next_week = trainer.forecast(histories[0])
    jax.block_until_ready((losses, next_week))
