# label: ok
# flax-error: none
# class: 4 a model.bind(variables) held by the ScoringStage inside the FraudPipeline's stage list; the fori_loop body calls stage.process, the scored count travels in the loop carry
"""Card-fraud scoring pipeline: a chain of stage objects applied to each
transaction of a replay window."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class TxnScorer(nn.Module):
    hidden: int = 8

    def setup(self):
        self.embed = nn.Dense(self.hidden)
        self.out = nn.Dense(1)
        self.scored = self.variable("telemetry", "scored", lambda: jnp.zeros((), jnp.int32))

    def __call__(self, x):
        return jax.nn.sigmoid(self.out(nn.tanh(self.embed(x))))[0]

    def score(self, x):
        self.scored.value = self.scored.value + 1
        return self(x)


@dataclasses.dataclass(frozen=True)
class NormalizeStage:
    mean: float
    std: float

    def process(self, ctx):
        return {**ctx, "x": (ctx["x"] - self.mean) / self.std}


class ScoringStage:
    def __init__(self, scorer):
        self.scorer = scorer  # a bound TxnScorer

    def process(self, ctx):
        return {**ctx, "score": self.scorer(ctx["x"]), "scored": ctx["scored"] + 1}


@dataclasses.dataclass(frozen=True)
class ThresholdStage:
    cutoff: float

    def process(self, ctx):
        return {**ctx, "flag": (ctx["score"] > self.cutoff).astype(jnp.int32)}


class FraudPipeline:
    def __init__(self, stages):
        self.stages = list(stages)

    def replay(self, txns):
        def body(i, carry):
            flagged, scored = carry
            ctx = {"x": txns[i], "scored": scored}
            for stage in self.stages:
                ctx = stage.process(ctx)
            return flagged + ctx["flag"], ctx["scored"]

        zero = jnp.zeros((), jnp.int32)
        flagged, scored = jax.lax.fori_loop(0, txns.shape[0], body, (zero, zero))
        return flagged


def main():
    txns = jax.random.normal(jax.random.key(0), (12, 5)) * 40.0 + 100.0
    model = TxnScorer()
    variables = model.init(jax.random.key(1), txns[0])
    scorer = model.bind(variables)
    pipeline = FraudPipeline([NormalizeStage(100.0, 40.0), ScoringStage(scorer), ThresholdStage(0.5)])
    flagged = pipeline.replay(txns)
    print("flagged", int(flagged))
    return None
