# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the trainer's batch_stats attribute is read and rebound inside the scan body
"""Weekly store demand regressor: loader, model, trainer, evaluator."""

import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class LoaderConfig:
    n_batches: int = 5
    n_stores: int = 4
    n_features: int = 6
    seed: int = 7


class WeeklySalesLoader:
    """Synthetic store features (price index, promo flag, footfall, ...) and unit sales."""

    def __init__(self, config: LoaderConfig):
        self.config = config

    def load(self):
        cfg = self.config
        key = jax.random.key(cfg.seed)
        features = jax.random.normal(key, (cfg.n_batches, cfg.n_stores, cfg.n_features))
        weights = jnp.linspace(0.5, -0.5, cfg.n_features)
        units = features @ weights + 3.0
        return features, units[..., None]


class DemandRegressor(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(self.hidden)(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        h = nn.relu(h)
        return nn.Dense(1)(h)


class Trainer:
    def __init__(self, model: DemandRegressor, variables, learning_rate: float = 0.05):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]
        self.learning_rate = learning_rate

    def _loss(self, params, features, units):
        variables = {"params": params, "batch_stats": self.batch_stats}
        pred, updates = self.model.apply(variables, features, train=True, mutable=["batch_stats"])
        return jnp.mean((pred - units) ** 2), updates

    def fit_epoch(self, features, units):
        grad_fn = jax.value_and_grad(self._loss, has_aux=True)

        def train_step(params, batch):
            x, y = batch
            (loss, updates), grads = grad_fn(params, x, y)
            self.batch_stats = updates["batch_stats"]
            params = jax.tree.map(lambda p, g: p - self.learning_rate * g, params, grads)
            return params, loss

        self.params, losses = jax.lax.scan(train_step, self.params, (features, units))
        return losses


class Evaluator:
    def __init__(self, model: DemandRegressor):
        self.model = model

    def mean_abs_error(self, params, batch_stats, features, units):
        pred = self.model.apply({"params": params, "batch_stats": batch_stats}, features, train=False)
        return jnp.mean(jnp.abs(pred - units))


def main():
    features, units = WeeklySalesLoader(LoaderConfig()).load()
    model = DemandRegressor()
    variables = model.init(jax.random.key(0), features[0], train=False)
    trainer = Trainer(model, variables)
    losses = trainer.fit_epoch(features, units)
    mae = Evaluator(model).mean_abs_error(trainer.params, trainer.batch_stats, features[-1], units[-1])
    jax.block_until_ready((losses, mae))
    return None
