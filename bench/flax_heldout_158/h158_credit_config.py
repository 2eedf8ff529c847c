# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "calls" in "/" because collection "telemetry" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 run_portfolio_scoring() takes the model, its variables and a frozen ServeConfig as locals; the scan body calls model.apply with mutable=list(cfg.mutable_collections)
"""Credit-risk portfolio rescoring.

A frozen serving config says which variable collections the scoring path may write. The model
keeps a telemetry collection (calls and mean exposure) that the monitoring dashboard reads.
Rescoring a portfolio scans over tranches of applicants.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class CreditScorer(nn.Module):
    @nn.compact
    def __call__(self, applicants):
        calls = self.variable("telemetry", "calls", lambda: jnp.zeros((), jnp.int32))
        exposure = self.variable("telemetry", "mean_exposure", lambda: jnp.zeros(()))
        pd = nn.sigmoid(nn.Dense(1)(nn.relu(nn.Dense(10)(applicants))))[..., 0]
        if not self.is_initializing():
            calls.value = calls.value + 1
            exposure.value = exposure.value + (applicants[..., 0].mean() - exposure.value) / calls.value
        return pd


@dataclass(frozen=True)
class ServeConfig:
    threshold: float = 0.2
    mutable_collections: tuple = ()


def run_portfolio_scoring(model, variables, tranches, cfg: ServeConfig):
    def score_tranche(flagged, applicants):
        pd = model.apply(variables, applicants, mutable=list(cfg.mutable_collections))
        return flagged + jnp.sum(pd > cfg.threshold), pd

    flagged, pds = lax.scan(score_tranche, jnp.zeros((), jnp.int32), tranches)
    return flagged, pds


def main():
    tranches = jax.random.uniform(jax.random.key(0), (4, 6, 5))
    model = CreditScorer()
    variables = model.init(jax.random.key(1), tranches[0])
    flagged, pds = run_portfolio_scoring(model, variables, tranches, ServeConfig())
    jax.block_until_ready((flagged, pds))
    return None
