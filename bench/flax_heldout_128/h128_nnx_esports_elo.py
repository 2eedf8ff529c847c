# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 MatchEvaluator.evaluate_season -> self.metrics (an nnx.MultiMetric) is updated from the scan body, next to self.model
"""Esports match prediction: season back-test of a win-probability model.

The evaluator owns the model and an nnx.metrics.MultiMetric; it replays the season's
match days with a raw scan and updates the metrics as each day is scored.
"""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class WinProbability(nnx.Module):
    def __init__(self, n_feats, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(n_feats, 16, rngs=rngs)
        self.head = nnx.Linear(16, 2, rngs=rngs)

    def __call__(self, matchup):
        return self.head(nnx.gelu(self.encoder(matchup)))


class MatchEvaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(accuracy=nnx.metrics.Accuracy(), loss=nnx.metrics.Average("loss"))

    def score_day(self, matchups, winners):
        logits = self.model(matchups)
        loss = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), winners[:, None], axis=1))
        self.metrics.update(logits=logits, labels=winners, loss=loss)
        return loss

    def evaluate_season(self, days, winners):
        def body(_, day):
            matchups, won = day
            return None, self.score_day(matchups, won)

        _, daily_loss = lax.scan(body, None, (days, winners))
        return daily_loss, self.metrics.compute()


def main():
    # elo gap, recent form, map pool overlap, patch familiarity, travel, roster changes
    days = jax.random.normal(jax.random.key(1), (6, 8, 6))
    winners = (days[..., 0] > 0).astype(jnp.int32)
    evaluator = MatchEvaluator(WinProbability(6, nnx.Rngs(0)))
    daily_loss, summary = evaluator.evaluate_season(days, winners)
    print({k: float(v) for k, v in summary.items()})
    return None
