# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the scorer's apply wrapper is reached through pipeline -> calibrator -> scorer and runs BatchNorm in training mode inside fori_loop without mutable
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

    def logits(self, x, train=False):
        return self.model.apply(self.variables, x, train=train)


class PlattCalibrator:
    def __init__(self, scorer: ScorerService):
        self.scorer = scorer

    def refresh_stats(self, batches):
        def body(i, acc):
            z = self.scorer.logits(batches[i], train=True)
            return acc + z.mean()
        return lax.fori_loop(0, batches.shape[0], body, jnp.zeros(()))


class ScoringPipeline:
    def __init__(self):
        self.calibrator = PlattCalibrator(ScorerService())

    def nightly(self, batches):
        return self.calibrator.refresh_stats(batches)


def main():
    batches = jax.random.normal(jax.random.PRNGKey(1), (5, 4, 8))
    ScoringPipeline().nightly(batches).block_until_ready()
    return None
