# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the trainer's self.model and self.variables are read in the scan body, which applies BatchNorm in train mode with no mutable collection
"""Insurance claims triage: the severity grader is refreshed every night on the day's
adjudicated claims, one scan step per microbatch."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class TriageConfig:
    num_features: int = 12
    hidden: int = 32
    num_grades: int = 4
    learning_rate: float = 0.05
    microbatches: int = 6
    microbatch_size: int = 8


class SeverityGrader(nn.Module):
    config: TriageConfig

    @nn.compact
    def __call__(self, claims, train: bool):
        h = nn.Dense(self.config.hidden, name="embed")(claims)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9, name="norm")(h)
        return nn.Dense(self.config.num_grades, name="grade")(nn.relu(h))


class NightlyTrainer:
    def __init__(self, config: TriageConfig, seed: int = 0):
        self.config = config
        self.model = SeverityGrader(config)
        dummy = jnp.zeros((config.microbatch_size, config.num_features))
        self.variables = self.model.init(jax.random.key(seed), dummy, train=False)

    def _loss(self, params, claims, grades):
        variables = {"params": params, "batch_stats": self.variables["batch_stats"]}
        logits = self.model.apply(variables, claims, train=True)
        one_hot = jax.nn.one_hot(grades, self.config.num_grades)
        return -jnp.mean(jnp.sum(one_hot * jax.nn.log_softmax(logits), axis=-1))

    def run_night(self, claims, grades):
        lr = self.config.learning_rate

        def microbatch(params, batch):
            x, y = batch
            loss, grads = jax.value_and_grad(self._loss)(params, x, y)
            return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss

        params, losses = lax.scan(microbatch, self.variables["params"], (claims, grades))
        self.variables = {**self.variables, "params": params}
        return losses


def main():
    config = TriageConfig()
    trainer = NightlyTrainer(config)
    key_x, key_y = jax.random.split(jax.random.key(1))
    shape = (config.microbatches, config.microbatch_size)
    claims = jax.random.normal(key_x, shape + (config.num_features,))
    grades = jax.random.randint(key_y, shape, 0, config.num_grades)
    trainer.run_night(claims, grades)
    return None
