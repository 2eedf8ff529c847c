# label: ok
# flax-error: none
# class: 4 RehairEvaluator.evaluate -> self.scorer (WearScorer) -> functools.partial(model.apply, variables) of an eval-mode (running averages) model called in the fori_loop body
"""Violin bow rehair scheduling: scores how worn each bow in a luthier's queue is, from
weekly playing logs, to decide which bows get rehaired first."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class WorkshopConfig:
    hidden: int = 6
    train: bool = True
    queue_length: int = 5


class HairWearNet(nn.Module):
    config: WorkshopConfig

    @nn.compact
    def __call__(self, log):
        h = nn.Dense(self.config.hidden)(log)
        h = nn.BatchNorm(use_running_average=not self.config.train)(h)
        return jnp.squeeze(nn.Dense(1)(nn.relu(h)), -1)


class WearScorer:
    def __init__(self, model, variables):
        self._score = functools.partial(model.apply, variables)

    def __call__(self, log):
        return self._score(log)


class RehairEvaluator:
    def __init__(self, scorer, queue_length):
        self.scorer = scorer
        self.queue_length = queue_length

    def evaluate(self, logs):
        def score_bow(i, urgency):
            wear = self.scorer(logs[i])
            return urgency.at[i].set(jnp.mean(wear))

        urgency = lax.fori_loop(0, self.queue_length, score_bow, jnp.zeros(self.queue_length))
        return jnp.argsort(-urgency)


def build_evaluator(config, logs):
    variables = HairWearNet(config).init(jax.random.key(1), logs[0])
    eval_model = HairWearNet(dataclasses.replace(config, train=False))
    return RehairEvaluator(WearScorer(eval_model, variables), config.queue_length)


def main():
    config = WorkshopConfig()
    logs = jax.random.uniform(jax.random.key(7), (config.queue_length, 3, 4))
    order = build_evaluator(config, logs).evaluate(logs)
    order.block_until_ready()
    return None
