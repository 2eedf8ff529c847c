# label: ok
# flax-error: none
# class: 4 partial(model.apply, variables, train=False) kept on PitchScorer, reached as InningsEvaluator.scorer.predict in the while_loop body
"""Innings simulation for a cricket analytics service.

A pitch-condition network scores the pressure each delivery puts on the
batting side; the evaluator plays deliveries until the innings would fold or
the ball budget runs out. Evaluation uses the running statistics only.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class EvalConfig:
    train: bool = False
    max_balls: int = 30
    wicket_budget: float = 3.0


class PitchConditionNet(nn.Module):
    @nn.compact
    def __call__(self, deliveries, train: bool):
        x = nn.Dense(8)(deliveries)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.95)(x)
        return nn.sigmoid(nn.Dense(1)(nn.relu(x)))[..., 0]


class PitchScorer:
    def __init__(self, model, variables, cfg: EvalConfig):
        self.predict = functools.partial(model.apply, variables, train=cfg.train)


class InningsEvaluator:
    def __init__(self, scorer: PitchScorer, cfg: EvalConfig):
        self.scorer = scorer
        self.cfg = cfg

    def simulate(self, deliveries):
        n = deliveries.shape[0]

        def cond(state):
            ball, wickets, _ = state
            return (ball < self.cfg.max_balls) & (wickets < self.cfg.wicket_budget)

        def body(state):
            ball, wickets, runs = state
            window = lax.dynamic_slice_in_dim(deliveries, ball % (n - 3), 4)
            pressure = self.scorer.predict(window).mean()
            return ball + 1, wickets + pressure * 0.2, runs + (1.0 - pressure) * 1.5

        init = (jnp.int32(0), jnp.float32(0.0), jnp.float32(0.0))
        return lax.while_loop(cond, body, init)


def main():
    cfg = EvalConfig()
    model = PitchConditionNet()
    deliveries = jnp.sin(jnp.arange(12 * 5, dtype=jnp.float32).reshape(12, 5))
    variables = model.init(jax.random.key(0), deliveries[:4], train=False)
    evaluator = InningsEvaluator(PitchScorer(model, variables, cfg), cfg)
    evaluator.simulate(deliveries)
    return None
