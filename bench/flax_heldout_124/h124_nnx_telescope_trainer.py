# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 the scan body calls ScheduleLearner.trainer.train_step, which differentiates and updates the Trainer's model and nnx.Optimizer from outside the loop
"""Radio telescope scheduling: refit the slot-value model on each night's observed signal-to-noise."""
import jax
import jax.numpy as jnp
import optax
from jax import lax
from flax import nnx


class SlotValueNet(nnx.Module):
    def __init__(self, n_feat: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_feat, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))[..., 0]


def loss_fn(model, batch):
    feats, observed_snr = batch
    return jnp.mean((model(feats) - observed_snr) ** 2)


def train_step(model, optimizer, batch):
    loss, grads = nnx.value_and_grad(loss_fn)(model, batch)
    optimizer.update(model, grads)
    return loss


class Trainer:
    def __init__(self, model, learning_rate):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def train_step(self, batch):
        return train_step(self.model, self.optimizer, batch)


class ScheduleLearner:
    def __init__(self, trainer: Trainer):
        self.trainer = trainer

    def refit(self, nights):
        def body(carry, batch):
            return carry, self.trainer.train_step(batch)

        _, losses = lax.scan(body, None, nights)
        return losses


def main():
    n_nights, n_targets, n_feat = 5, 8, 4
    k1, k2 = jax.random.split(jax.random.key(0))
    feats = jax.random.normal(k1, (n_nights, n_targets, n_feat))
    snr = jax.random.uniform(k2, (n_nights, n_targets)) * 10.0
    learner = ScheduleLearner(Trainer(SlotValueNet(n_feat, nnx.Rngs(0)), learning_rate=1e-2))
    print(learner.refit((feats, snr)))
    return None
