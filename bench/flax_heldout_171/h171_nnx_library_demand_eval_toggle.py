# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'Dropout' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the DemandTrainer's ValidationProbe toggles probe.model.eval() / .train() on the shared model inside the scan body
"""Library book demand: weekly loan forecasts with an in-loop validation probe per branch."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class BranchConfig:
    genres: int = 10
    hidden: int = 16


class LoanForecaster(nnx.Module):
    def __init__(self, config: BranchConfig, rngs: nnx.Rngs):
        self.inp = nnx.Linear(config.genres, config.hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(config.hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.out = nnx.Linear(config.hidden, config.genres, rngs=rngs)

    def __call__(self, loans):
        return nnx.softplus(self.out(self.drop(nnx.relu(self.norm(self.inp(loans))))))


class ValidationProbe:
    def __init__(self, model: LoanForecaster, holdout):
        self.model = model
        self.holdout = holdout

    def error(self):
        self.model.eval()
        err = jnp.mean(jnp.abs(self.model(self.holdout) - self.holdout))
        self.model.train()
        return err


class DemandTrainer:
    def __init__(self, probe: ValidationProbe):
        self.probe = probe

    def weekly_validation(self, weeks: int):
        def body(best, week):
            return jnp.minimum(best, self.probe.error()), None

        best, _ = lax.scan(body, jnp.inf, jnp.arange(weeks))
        return best


def main():
    config = BranchConfig()
    model = LoanForecaster(config, nnx.Rngs(0, dropout=1))
    holdout = jax.random.poisson(jax.random.key(40), 3.0, (8, config.genres)).astype(jnp.float32)
    trainer = DemandTrainer(ValidationProbe(model, holdout))
    float(trainer.weekly_validation(weeks=4))
    return None
