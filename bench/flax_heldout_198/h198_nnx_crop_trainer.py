# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 4 YieldTrainer.train_epoch runs a fori_loop whose body calls self._train_step, which takes nnx.value_and_grad of self.model and calls self.optimizer.update (nnx.Optimizer) on it
"""Crop yield regression: a trainer fits a field-level yield model on soil, weather and
satellite-index features, one minibatch per fori_loop iteration."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class TrainConfig:
    lr: float = 1e-2
    weight_decay: float = 1e-4
    batches_per_epoch: int = 4


class YieldModel(nnx.Module):
    def __init__(self, n_features, rngs):
        self.soil = nnx.Linear(n_features, 32, rngs=rngs)
        self.head = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.gelu(self.soil(x)))[..., 0]


def mse(model, features, target):
    return jnp.mean((model(features) - target) ** 2)


class YieldTrainer:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.optimizer = nnx.Optimizer(model, optax.adamw(cfg.lr, weight_decay=cfg.weight_decay), wrt=nnx.Param)

    def _train_step(self, features, target):
        loss, grads = nnx.value_and_grad(mse)(self.model, features, target)
        self.optimizer.update(self.model, grads)
        return loss

    def train_epoch(self, features, targets):
        def body(i, total):
            return total + self._train_step(features[i], targets[i])

        total = jax.lax.fori_loop(0, self.cfg.batches_per_epoch, body, jnp.float32(0.0))
        return total / self.cfg.batches_per_epoch


def field_batches(key, cfg, batch=16, n_features=9):
    kx, kw = jax.random.split(key)
    x = jax.random.normal(kx, (cfg.batches_per_epoch, batch, n_features))
    w = jax.random.normal(kw, (n_features,))
    return x, x @ w + 3.0


def main():
    cfg = TrainConfig()
    features, targets = field_batches(jax.random.key(0), cfg)
    trainer = YieldTrainer(YieldModel(9, nnx.Rngs(1)), cfg)
    print(trainer.train_epoch(features, targets))
    return None
