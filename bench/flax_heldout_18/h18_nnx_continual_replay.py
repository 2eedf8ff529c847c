# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the replay fori_loop body calls _train_on, which takes pure gradients of a split copy but then calls optimizer.update on the learner's model and optimizer, for every task in the stream
"""Continual learning in NNX with experience replay: after each task, rehearse stored batches."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclasses.dataclass(frozen=True)
class ContinualConfig:
    in_dim: int = 6
    hidden: int = 16
    num_classes: int = 3
    replay_batches: int = 4
    lr: float = 1e-2


class Classifier(nnx.Module):
    def __init__(self, cfg, rngs):
        self.body = nnx.Sequential(nnx.Linear(cfg.in_dim, cfg.hidden, rngs=rngs), nnx.relu,
                                   nnx.Linear(cfg.hidden, cfg.hidden, rngs=rngs), nnx.relu)
        self.head = nnx.Linear(cfg.hidden, cfg.num_classes, rngs=rngs)

    def __call__(self, x):
        return self.head(self.body(x))


def cross_entropy(graphdef, params, rest, x, y):
    logits = nnx.merge(graphdef, params, rest)(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


class ReplayLearner:
    def __init__(self, cfg, seed=0):
        self.cfg = cfg
        self.model = Classifier(cfg, nnx.Rngs(seed))
        self.optimizer = nnx.Optimizer(self.model, optax.sgd(cfg.lr), wrt=nnx.Param)
        self.buffer = []

    def _train_on(self, x, y):
        graphdef, params, rest = nnx.split(self.model, nnx.Param, ...)
        loss, grads = jax.value_and_grad(cross_entropy, argnums=1)(graphdef, params, rest, x, y)
        self.optimizer.update(self.model, grads)
        return loss

    def rehearse(self):
        xs = jnp.stack([b[0] for b in self.buffer])
        ys = jnp.stack([b[1] for b in self.buffer])

        def body(i, total):
            return total + self._train_on(xs[i % xs.shape[0]], ys[i % ys.shape[0]])

        return jax.lax.fori_loop(0, self.cfg.replay_batches, body, 0.0) / self.cfg.replay_batches

    def learn_task(self, x, y):
        self.buffer.append((x, y))
        return self.rehearse()


def task_stream(cfg, num_tasks, key):
    for t in range(num_tasks):
        kx, key = jax.random.split(key)
        x = jax.random.normal(kx, (8, cfg.in_dim)) + t
        yield x, (jnp.arange(8) + t) % cfg.num_classes


def main():
    cfg = ContinualConfig()
    learner = ReplayLearner(cfg)
    losses = [learner.learn_task(x, y) for x, y in task_stream(cfg, 2, jax.random.key(1))]
    return None
