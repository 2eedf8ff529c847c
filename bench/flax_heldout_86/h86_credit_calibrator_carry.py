# label: ok
# flax-error: none
# class: 5 batch_stats are applied with mutable=['batch_stats'] and carried through fori_loop, params reached through pipeline -> calibrator -> scorer
"""Credit-risk scoring pipeline: re-estimates BatchNorm statistics on recent applications, then calibrates."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class RiskScorer(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.Dense(1)(nn.relu(x))[..., 0]


class ScorerService:
    def __init__(self, n_features=8):
        self.model = RiskScorer()
        self.variables = self.model.init(jax.random.PRNGKey(0), jnp.zeros((4, n_features)))

    def logits_and_stats(self, x, batch_stats):
        z, upd = self.model.apply(
            {"params": self.variables["params"], "batch_stats": batch_stats},
            x, train=True, mutable=["batch_stats"])
        return z, upd["batch_stats"]


class PlattCalibrator:
    def __init__(self, scorer: ScorerService):
        self.scorer = scorer

    def refresh_stats(self, batches):
        def body(i, carry):
            acc, stats = carry
            z, stats = self.scorer.logits_and_stats(batches[i], stats)
            return acc + z.mean(), stats
        init = (jnp.zeros(()), self.scorer.variables["batch_stats"])
        acc, stats = lax.fori_loop(0, batches.shape[0], body, init)
        self.scorer.variables = {"params": self.scorer.variables["params"], "batch_stats": stats}
        return acc


class ScoringPipeline:
    def __init__(self):
        self.calibrator = PlattCalibrator(ScorerService())

    def nightly(self, batches):
        return self.calibrator.refresh_stats(batches)


def main():
    batches = jax.random.normal(jax.random.PRNGKey(1), (5, 4, 8))
    ScoringPipeline().nightly(batches).block_until_ready()
    return None
