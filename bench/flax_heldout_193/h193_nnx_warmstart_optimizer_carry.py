# label: ok
# flax-error: none
# class: 4 Trainer.state.model and Trainer.state.optimizer are split once; their state goes through the scan carry, is merged in the body and written back with nnx.update after the loop
"""Warm start of a crop-disease classifier for a new region: the pretrained trunk is reused, the
classification head is re-initialised for the region's disease list, and the whole model is
fine-tuned on the region's labelled leaf-image embeddings."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import scan


class LeafClassifier(nnx.Module):
    def __init__(self, in_dim: int, num_classes: int, *, rngs: nnx.Rngs):
        self.trunk = nnx.Sequential(nnx.Linear(in_dim, 32, rngs=rngs), nnx.gelu,
                                    nnx.Linear(32, 32, rngs=rngs), nnx.gelu)
        self.head = nnx.Linear(32, num_classes, rngs=rngs)

    def __call__(self, x):
        return self.head(self.trunk(x))


def warm_start(pretrained: LeafClassifier, num_classes: int, seed: int) -> LeafClassifier:
    model = LeafClassifier(16, num_classes, rngs=nnx.Rngs(seed))
    nnx.update(model.trunk, nnx.state(pretrained.trunk))
    return model  # model.head keeps its fresh initialisation


@dataclasses.dataclass
class TrainState:
    model: LeafClassifier
    optimizer: nnx.Optimizer


def cross_entropy(model, x, y):
    return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()


class Trainer:
    def __init__(self, model, learning_rate: float):
        self.state = TrainState(model, nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param))

    def fit(self, batches_x, batches_y):
        graphdef, carry_state = nnx.split((self.state.model, self.state.optimizer))

        def train_step(carry_state, batch):
            x, y = batch
            model, optimizer = nnx.merge(graphdef, carry_state)
            loss, grads = nnx.value_and_grad(cross_entropy)(model, x, y)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        carry_state, losses = scan(train_step, carry_state, (batches_x, batches_y))
        nnx.update((self.state.model, self.state.optimizer), carry_state)
        return losses


def main():
    pretrained = LeafClassifier(16, 10, rngs=nnx.Rngs(0))
    model = warm_start(pretrained, num_classes=4, seed=1)
    xs = jax.random.normal(jax.random.key(2), (5, 8, 16))
    ys = jax.random.randint(jax.random.key(3), (5, 8), 0, 4)
    losses = Trainer(model, 1e-2).fit(xs, ys)
    print("loss", float(losses[0]), "->", float(losses[-1]))
    return None
