# label: ok
# flax-error: none
# class: 3 the trainer's self.model is applied in the scan body with mutable batch_stats, and the statistics travel in the scan carry
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

    def _loss(self, params, batch_stats, claims, grades):
        variables = {"params": params, "batch_stats": batch_stats}
        logits, updates = self.model.apply(variables, claims, train=True, mutable=["batch_stats"])
        one_hot = jax.nn.one_hot(grades, self.config.num_grades)
        loss = -jnp.mean(jnp.sum(one_hot * jax.nn.log_softmax(logits), axis=-1))
        return loss, updates["batch_stats"]

    def run_night(self, claims, grades):
        lr = self.config.learning_rate

        def microbatch(carry, batch):
            params, batch_stats = carry
            x, y = batch
            (loss, batch_stats), grads = jax.value_and_grad(self._loss, has_aux=True)(
                params, batch_stats, x, y)
            params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
            return (params, batch_stats), loss

        start = (self.variables["params"], self.variables["batch_stats"])
        (params, batch_stats), losses = lax.scan(microbatch, start, (claims, grades))
        self.variables = {"params": params, "batch_stats": batch_stats}
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
