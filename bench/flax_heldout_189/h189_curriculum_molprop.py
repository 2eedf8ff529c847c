# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the curriculum controller's fori_loop body reaches the variables and a functools.partial(model.apply, train=True) through self.trainer, and the partial leaves batch_stats immutable
"""Molecular property regression with a curriculum: the controller feeds small molecules
first and widens the size bucket once the running loss drops below the stage target."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

ATOM_FEATURES = 10


class MolRegressor(nn.Module):
    @nn.compact
    def __call__(self, atoms, train: bool):
        h = nn.relu(nn.Dense(24)(atoms))
        h = nn.BatchNorm(use_running_average=not train)(h)
        pooled = jnp.mean(h, axis=-2)
        return nn.Dense(1)(pooled)[..., 0]


class Trainer:
    def __init__(self, model, variables):
        self.variables = variables
        self.apply_fn = functools.partial(model.apply, train=True)

    def loss(self, variables, atoms, target):
        pred = self.apply_fn(variables, atoms)
        return jnp.mean((pred - target) ** 2)


class CurriculumController:
    def __init__(self, trainer, buckets, targets):
        self.trainer = trainer
        self.buckets = buckets
        self.targets = targets
        self.stage = 0

    def run_stage(self):
        atoms, target = self.buckets[self.stage]

        def body(i, running):
            loss = self.trainer.loss(self.trainer.variables, atoms[i], target[i])
            return 0.9 * running + 0.1 * loss

        running = lax.fori_loop(0, atoms.shape[0], body, jnp.zeros(()))
        if float(running) < self.targets[self.stage]:
            self.stage = min(self.stage + 1, len(self.buckets) - 1)
        return running


def make_bucket(key, steps, atoms_per_mol):
    k1, k2 = jax.random.split(key)
    return (jax.random.normal(k1, (steps, 8, atoms_per_mol, ATOM_FEATURES)),
            jax.random.normal(k2, (steps, 8)))


def main():
    model = MolRegressor()
    buckets = [make_bucket(jax.random.PRNGKey(s), 4, n) for s, n in enumerate((6, 12, 24))]
    variables = model.init(jax.random.PRNGKey(9), buckets[0][0][0], train=False)
    controller = CurriculumController(Trainer(model, variables), buckets, targets=(5.0, 5.0, 5.0))
    for _ in range(3):
        controller.run_stage()
    return None
