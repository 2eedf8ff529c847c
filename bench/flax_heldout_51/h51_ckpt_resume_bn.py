# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the trainer's apply_fn and restored variables are read from self inside the scan body
"""Resumable training loop: restore variables from a checkpoint manager, then run the remaining
steps of the epoch in one lax.scan over pre-stacked batches."""
import os
import tempfile
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax import serialization


class ConvNetish(nn.Module):
    features: int = 16

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.features)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(4)(x)


class CheckpointManager:
    def __init__(self, directory):
        self.directory = directory

    def _path(self, step):
        return os.path.join(self.directory, f"ckpt_{step:06d}.msgpack")

    def save(self, step, target):
        with open(self._path(step), "wb") as f:
            f.write(serialization.to_bytes(target))

    def latest_step(self):
        steps = [int(n[5:11]) for n in os.listdir(self.directory) if n.startswith("ckpt_")]
        return max(steps) if steps else None

    def restore(self, step, target):
        with open(self._path(step), "rb") as f:
            return serialization.from_bytes(target, f.read())


@dataclass
class TrainConfig:
    steps_per_epoch: int = 8
    learning_rate: float = 1e-2


class Trainer:
    def __init__(self, model, config, manager):
        self.model = model
        self.config = config
        self.manager = manager
        self.apply_fn = model.apply
        self.tx = optax.sgd(config.learning_rate)

    def init(self, rng, sample):
        self.variables = self.model.init(rng, sample, train=False)
        self.opt_state = self.tx.init(self.variables["params"])
        self.step = 0

    def maybe_resume(self):
        last = self.manager.latest_step()
        if last is not None:
            restored = self.manager.restore(last, {"variables": self.variables, "step": 0})
            self.variables = restored["variables"]
            self.step = int(restored["step"])

    def _loss(self, params, x, y):
        logits = self.apply_fn({"params": params, "batch_stats": self.variables["batch_stats"]}, x, train=True)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    def run_epoch(self, xs, ys):
        remaining = self.config.steps_per_epoch - self.step % self.config.steps_per_epoch

        def body(carry, batch):
            params, opt_state = carry
            x, y = batch
            loss, grads = jax.value_and_grad(self._loss)(params, x, y)
            updates, opt_state = self.tx.update(grads, opt_state, params)
            return (optax.apply_updates(params, updates), opt_state), loss

        (params, self.opt_state), losses = jax.lax.scan(
            body, (self.variables["params"], self.opt_state), (xs[-remaining:], ys[-remaining:]))
        self.variables = {**self.variables, "params": params}
        self.step += remaining
        return losses


def main():
    with tempfile.TemporaryDirectory() as d:
        manager = CheckpointManager(d)
        trainer = Trainer(ConvNetish(), TrainConfig(), manager)
        trainer.init(jax.random.PRNGKey(0), jnp.ones((4, 8)))
        manager.save(3, {"variables": trainer.variables, "step": 3})
        trainer.maybe_resume()
        xs = jax.random.normal(jax.random.PRNGKey(1), (8, 4, 8))
        ys = jnp.zeros((8, 4), jnp.int32)
        trainer.run_epoch(xs, ys)
