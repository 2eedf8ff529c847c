# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 4 (16 B)
# class: 4 Trainer.state.model and Trainer.state.optimizer (an nnx.Optimizer) live in a TrainState container; the scan body takes gradients of state.model and calls state.optimizer.update
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
        def train_step(_, batch):
            x, y = batch
            loss, grads = nnx.value_and_grad(cross_entropy)(self.state.model, x, y)
            self.state.optimizer.update(self.state.model, grads)
            return None, loss

        _, losses = scan(train_step, None, (batches_x, batches_y))
        return losses


def main():
    pretrained = LeafClassifier(16, 10, rngs=nnx.Rngs(0))
    model = warm_start(pretrained, num_classes=4, seed=1)
    xs = jax.random.normal(jax.random.key(2), (5, 8, 16))
    ys = jax.random.randint(jax.random.key(3), (5, 8), 0, 4)
    losses = Trainer(model, 1e-2).fit(xs, ys)
    print("loss", float(losses[0]), "->", float(losses[-1]))
    return None
