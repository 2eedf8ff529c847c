# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 a FineTuneJob holds a TrainerState holding the model and its nnx.Optimizer; run() calls nnx.value_and_grad and state.optimizer.update inside fori_loop
"""Fine-tune job: adapting a contract-clause classifier to a new jurisdiction.

The job owns a TrainerState (model, optimizer, step schedule) and runs a fixed number of
optimisation steps over pre-tokenised batches with fori_loop, so the whole job is one
compiled program on the training host.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import fori_loop


class ClauseClassifier(nnx.Module):
    def __init__(self, d_in, n_classes, *, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(d_in, 16, rngs=rngs)
        self.head = nnx.Linear(16, n_classes, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.gelu(self.encoder(x)))


class TrainerState:
    def __init__(self, model, learning_rate):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(learning_rate), wrt=nnx.Param)


def cross_entropy(model, x, y):
    logits = model(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


@dataclass
class FineTuneJob:
    state: TrainerState
    steps: int

    def run(self, xs, ys):
        def train_step(i, running):
            batch = i % xs.shape[0]
            loss, grads = nnx.value_and_grad(cross_entropy)(self.state.model, xs[batch], ys[batch])
            self.state.optimizer.update(self.state.model, grads)
            return running + loss

        total = fori_loop(0, self.steps, train_step, jnp.zeros(()))
        return total / self.steps


def main():
    xs = jax.random.normal(jax.random.key(0), (3, 8, 12))
    ys = jax.random.randint(jax.random.key(1), (3, 8), 0, 4)
    model = ClauseClassifier(12, 4, rngs=nnx.Rngs(0))
    job = FineTuneJob(TrainerState(model, 3e-3), steps=6)
    job.run(xs, ys).block_until_ready()
    return None
