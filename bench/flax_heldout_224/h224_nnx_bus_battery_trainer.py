# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 TrainLoop.trainer holds the model and an nnx.Optimizer; the scan body calls trainer.train_step, which takes gradients of and updates those outer objects
"""Electric bus fleet: fit a battery state-of-health regressor on logged charging sessions."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
import optax


class SohRegressor(nnx.Module):
    def __init__(self, n_features, *, rngs):
        self.body = nnx.Linear(n_features, 16, rngs=rngs)
        self.norm = nnx.LayerNorm(16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.silu(self.norm(self.body(x))))[..., 0]


def _train_step(model, optimizer, batch):
    features, soh = batch

    def loss_fn(model):
        return jnp.mean((model(features) - soh) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


class Trainer:
    def __init__(self, model, learning_rate):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(learning_rate), wrt=nnx.Param)

    def train_step(self, batch):
        return _train_step(self.model, self.optimizer, batch)


class TrainLoop:
    def __init__(self, trainer):
        self.trainer = trainer

    def run_epoch(self, features, soh):
        def step(carry, batch):
            return carry, self.trainer.train_step(batch)

        _, losses = jax.lax.scan(step, None, (features, soh))
        return losses


def main():
    key_x, key_w = jax.random.split(jax.random.key(0))
    features = jax.random.normal(key_x, (10, 16, 6))  # 10 batches of 16 charging sessions
    soh = features @ jax.random.normal(key_w, (6,)) * 0.05 + 0.92
    loop = TrainLoop(Trainer(SohRegressor(6, rngs=nnx.Rngs(0)), learning_rate=3e-3))
    losses = loop.run_epoch(features, soh)
    jax.block_until_ready(losses)
    return None
