# label: ok
# flax-error: none
# class: 4 BrakeTrainer.bundle holds the NNX model and its nnx.Optimizer; the bundle is split, its state enters and leaves the fori_loop as the carry and is merged inside train_step
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

    def train_step(self, graphdef, state, runs, distances):
        bundle = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(distance_loss)(bundle.model, runs, distances)
        bundle.optimizer.update(bundle.model, grads)
        return loss, nnx.state(bundle)

    def fit(self, runs, distances):
        graphdef, state = nnx.split(self.bundle)

        def body(i, carry):
            _, state = carry
            return self.train_step(graphdef, state, runs[i], distances[i])

        loss, state = jax.lax.fori_loop(0, self.cfg.n_steps, body, (jnp.zeros(()), state))
        nnx.update(self.bundle, state)
        return loss


def main():
    cfg = BrakeConfig()
    runs = jax.random.normal(jax.random.key(0), (cfg.n_steps, 8, cfg.n_features))
    distances = runs.sum(-1) * 3.0 + 40.0
    trainer = BrakeTrainer(cfg, ModelBundle(cfg, nnx.Rngs(0)))
    trainer.fit(runs, distances)
    return None
