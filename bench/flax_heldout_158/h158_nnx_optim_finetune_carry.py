# label: ok
# flax-error: none
# class: 4 a FineTuneJob holds a TrainerState holding the model and its nnx.Optimizer; run() splits both once and merges, updates and re-splits them through the fori_loop carry
"""Fine-tune job: adapting a contract-clause classifier to a new jurisdiction.

The job owns a TrainerState (model, optimizer, step schedule) and runs a fixed number of
optimisation steps over pre-tokenised batches with fori_loop, so the whole job is one
compiled program on the training host. Model and optimizer travel through the loop as state.
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
        graphdef, train_state = nnx.split((self.state.model, self.state.optimizer))

        def train_step(i, carry):
            running, train_state = carry
            model, optimizer = nnx.merge(graphdef, train_state)
            batch = i % xs.shape[0]
            loss, grads = nnx.value_and_grad(cross_entropy)(model, xs[batch], ys[batch])
            optimizer.update(model, grads)
            return running + loss, nnx.state((model, optimizer))

        total, train_state = fori_loop(0, self.steps, train_step, (jnp.zeros(()), train_state))
        nnx.update((self.state.model, self.state.optimizer), train_state)
        return total / self.steps


def main():
    xs = jax.random.normal(jax.random.key(0), (3, 8, 12))
    ys = jax.random.randint(jax.random.key(1), (3, 8), 0, 4)
    model = ClauseClassifier(12, 4, rngs=nnx.Rngs(0))
    job = FineTuneJob(TrainerState(model, 3e-3), steps=6)
    job.run(xs, ys).block_until_ready()
    return None
