# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'Dropout' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 OvernightTriageJob -> StudyRunner.prepare() -> model.eval() on the shared model, called at the top of the fori_loop body
"""Radiology worklist: an overnight job re-prioritises queued studies.

A scheduled job walks the reading queues of each modality with jax.lax.fori_loop; the runner
it delegates to makes sure the shared model is in inference mode before each batch.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class PriorityNet(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.embed = nnx.Linear(n_features, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.score = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, studies):
        return self.score(self.drop(nnx.relu(self.embed(studies))))[:, 0]


class StudyRunner:
    def __init__(self, model: PriorityNet):
        self.model = model

    def prepare(self):
        self.model.eval()
        return self.model

    def prioritise(self, studies):
        return jnp.argsort(-self.prepare()(studies))


@dataclasses.dataclass
class OvernightTriageJob:
    runner: StudyRunner
    cron: str = "30 1 * * *"

    def run(self, queues):
        def modality(i, urgent):
            order = self.runner.prioritise(queues[i])
            return urgent.at[i].set(order[0])

        return lax.fori_loop(0, queues.shape[0], modality, jnp.zeros((queues.shape[0],), jnp.int32))


def main():
    model = PriorityNet(9, nnx.Rngs(params=0, dropout=1))
    queues = jax.random.normal(jax.random.key(40), (4, 12, 9))
    urgent = OvernightTriageJob(StudyRunner(model)).run(queues)
    print("most urgent study per modality", urgent)
    return None
