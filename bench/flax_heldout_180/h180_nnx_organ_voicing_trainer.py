# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 3 the VoicingTrainer's model and nnx.Optimizer attributes are used by nnx.value_and_grad and optimizer.update inside the scan body
"""Pipe-organ voicing: fits a model that maps pipe geometry to the voicer's target partials.

The trainer runs an epoch of minibatches as one lax.scan to keep dispatch overhead low.
"""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

lax = jax.lax


class PartialModel(nnx.Module):
    def __init__(self, geometry: int, partials: int, rngs: nnx.Rngs):
        self.body = nnx.Linear(geometry, 32, rngs=rngs)
        self.head = nnx.Linear(32, partials, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.tanh(self.body(x)))


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class VoicingTrainer:
    def __init__(self, model: PartialModel, learning_rate: float):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def train_epoch(self, xs, ys):
        def step(total, batch):
            x, y = batch
            loss, grads = nnx.value_and_grad(loss_fn)(self.model, x, y)
            self.optimizer.update(self.model, grads)
            return total + loss, loss

        total, losses = lax.scan(step, jnp.zeros(()), (xs, ys))
        return total / xs.shape[0], losses


def pipe_batches(key, batches=6, size=16):
    kx, kn = jax.random.split(key)
    geometry = jax.random.uniform(kx, (batches, size, 5))
    mouth, length = geometry[..., :1], geometry[..., 1:2]
    partials = jnp.concatenate([mouth * k / (length + 0.5) for k in range(1, 5)], axis=-1)
    return geometry, partials + 0.01 * jax.random.normal(kn, partials.shape)


def main():
    xs, ys = pipe_batches(jax.random.key(1))
    trainer = VoicingTrainer(PartialModel(5, 4, rngs=nnx.Rngs(0)), learning_rate=3e-3)
    for _ in range(2):
        mean_loss, _ = trainer.train_epoch(xs, ys)
    mean_loss.block_until_ready()
    return None
