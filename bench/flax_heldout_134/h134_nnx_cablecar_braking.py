# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 BrakeTrainer.bundle holds the NNX model and its nnx.Optimizer; the fori_loop body calls trainer.train_step, which runs nnx.value_and_grad and optimizer.update on them
"""Cable-car service brake calibration: fits the braking-distance model of a
gondola line to the test-run log, one mini-batch per loop step."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclass(frozen=True)
class BrakeConfig:
    n_features: int = 5
    lr: float = 0.05
    n_steps: int = 6


class BrakingModel(nnx.Module):
    def __init__(self, cfg, rngs):
        self.hidden = nnx.Linear(cfg.n_features, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))[..., 0]


class ModelBundle(nnx.Module):
    def __init__(self, cfg, rngs):
        self.model = BrakingModel(cfg, rngs)
        self.optimizer = nnx.Optimizer(self.model, optax.adam(cfg.lr), wrt=nnx.Param)


def distance_loss(model, runs, distances):
    return jnp.mean((model(runs) - distances) ** 2)


class BrakeTrainer:
    def __init__(self, cfg, bundle):
        self.cfg = cfg
        self.bundle = bundle

    def train_step(self, runs, distances):
        loss, grads = nnx.value_and_grad(distance_loss)(self.bundle.model, runs, distances)
        self.bundle.optimizer.update(self.bundle.model, grads)
        return loss

    def fit(self, runs, distances):
        def body(i, last_loss):
            return self.train_step(runs[i], distances[i])

        return jax.lax.fori_loop(0, self.cfg.n_steps, body, jnp.zeros(()))


def main():
    cfg = BrakeConfig()
    runs = jax.random.normal(jax.random.key(0), (cfg.n_steps, 8, cfg.n_features))
    distances = runs.sum(-1) * 3.0 + 40.0
    trainer = BrakeTrainer(cfg, ModelBundle(cfg, nnx.Rngs(0)))
    trainer.fit(runs, distances)
    return None
