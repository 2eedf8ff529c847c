# label: trace-context
# flax-error: TraceContextError: Cannot mutate StepCounter from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a resumable trainer restores state through a checkpoint manager with nnx.update, then the while_loop body calls the model, which bumps its own step counter variable
"""Resumable NNX training: a checkpoint manager keeps serialized nnx.state snapshots; after
restoring, the trainer runs forward passes until the model's internal step counter (used for a
learning-rate warmup inside the model) reaches the target, in a jax.lax.while_loop."""
import pickle
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx


class StepCounter(nnx.Variable):
    pass


class WarmupNet(nnx.Module):
    def __init__(self, warmup_steps, *, rngs):
        self.body = nnx.Linear(6, 6, rngs=rngs)
        self.step = StepCounter(jnp.array(0, jnp.int32))
        self.warmup_steps = warmup_steps

    def __call__(self, x):
        self.step.value = self.step.value + 1
        scale = jnp.minimum(1.0, self.step.value / self.warmup_steps)
        return scale * self.body(x)


class InMemoryCheckpointManager:
    def __init__(self):
        self._store = {}

    def save(self, step, module):
        state = nnx.state(module)
        self._store[step] = pickle.dumps(jax.tree.map(np.asarray, nnx.to_pure_dict(state)))

    def restore_latest(self, module):
        step = max(self._store)
        pure = pickle.loads(self._store[step])
        state = nnx.state(module)
        nnx.replace_by_pure_dict(state, pure)
        nnx.update(module, state)
        return step


@dataclass
class ResumeConfig:
    target_step: int = 10


class ResumableRunner:
    def __init__(self, model, manager, config):
        self.model = model
        self.manager = manager
        self.config = config

    def run(self, x):
        self.manager.restore_latest(self.model)
        target = self.config.target_step

        def cond(carry):
            return self.model.step.value < target

        def body(carry):
            return carry + self.model(x).sum()

        return jax.lax.while_loop(cond, body, jnp.zeros(()))


def main():
    model = WarmupNet(warmup_steps=20, rngs=nnx.Rngs(0))
    manager = InMemoryCheckpointManager()
    model(jnp.ones((2, 6)))
    manager.save(1, model)
    ResumableRunner(model, manager, ResumeConfig()).run(jnp.ones((2, 6)))
