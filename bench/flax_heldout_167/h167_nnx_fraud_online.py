# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 the ReplayJob holds an OnlineTrainer holding the model and its nnx.Optimizer; the fori_loop body calls self.trainer.train_step, which runs nnx.value_and_grad and optimizer.update on them
"""Fraud scoring: online fine-tuning of the transaction scorer on the labelled
chargebacks of the last hour, replayed by a scheduled job."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class FraudNet(nnx.Module):
    def __init__(self, n_in, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(n_in, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))[..., 0]


def sgd_step(model, optimizer, x, y):
    def loss_fn(m):
        return optax.sigmoid_binary_cross_entropy(m(x), y).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


class OnlineTrainer:
    def __init__(self, model, schedule):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(schedule), wrt=nnx.Param)

    def train_step(self, x, y):
        return sgd_step(self.model, self.optimizer, x, y)


@dataclasses.dataclass(frozen=True)
class ReplaySchedule:
    every_minutes: int = 60
    warmup: int = 2


class ReplayJob:
    def __init__(self, trainer, schedule: ReplaySchedule):
        self.trainer, self.schedule = trainer, schedule

    def run(self, xs, ys):
        if xs.shape[0] < self.schedule.warmup:
            return jnp.zeros(())
        def body(i, total):
            return total + self.trainer.train_step(xs[i], ys[i])

        total = jax.lax.fori_loop(0, xs.shape[0], body, jnp.zeros(()))
        return total / xs.shape[0]


def main():
    xs = jax.random.normal(jax.random.key(0), (6, 8, 10))
    ys = (xs[..., 0] > 0.5).astype(jnp.float32)
    model = FraudNet(10, nnx.Rngs(params=1))
    lr = optax.linear_schedule(1e-2, 1e-3, transition_steps=100)
    job = ReplayJob(OnlineTrainer(model, lr), ReplaySchedule())
    print(float(job.run(xs, ys)))
    return None
