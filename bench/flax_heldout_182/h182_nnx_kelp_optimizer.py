# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 4 a KelpTrainer's train_epoch scan body calls its _train_step, which gives self.model to nnx.value_and_grad and updates self.optimizer (an nnx.Optimizer)
"""Kelp-farm growth regressor: nightly fine-tuning on the day's buoy measurements."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class GrowthModel(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.trunk = nnx.Linear(features, 32, rngs=rngs)
        self.norm = nnx.LayerNorm(32, rngs=rngs)
        self.head = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.gelu(self.norm(self.trunk(x))))[..., 0]


def mse(model, batch):
    features, growth = batch
    return jnp.mean((model(features) - growth) ** 2)


class KelpTrainer:
    def __init__(self, model: GrowthModel, learning_rate: float):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(learning_rate), wrt=nnx.Param)

    def _train_step(self, batch):
        loss, grads = nnx.value_and_grad(mse)(self.model, batch)
        self.optimizer.update(self.model, grads)
        return loss

    def train_epoch(self, features, growth):
        def body(total, batch):
            loss = self._train_step(batch)
            return total + loss, loss

        total, losses = jax.lax.scan(body, jnp.zeros(()), (features, growth))
        return total / features.shape[0], losses


def main():
    features = jax.random.normal(jax.random.key(0), (12, 16, 7))
    growth = features[..., 0] * 0.4 + 0.1
    trainer = KelpTrainer(GrowthModel(7, nnx.Rngs(0)), learning_rate=3e-3)
    mean_loss, _ = trainer.train_epoch(features, growth)
    print("epoch loss", float(mean_loss))
    return None
