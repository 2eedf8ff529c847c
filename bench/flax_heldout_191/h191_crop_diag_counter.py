# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "plots_seen" in "/" because collection "diagnostics" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 the yield model's own __call__ runs the scan and increments its diagnostics counter variable inside the body
"""Regional crop-yield model: per-season predictions with a counter of field plots seen."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class YieldModel(nn.Module):
    hidden: int = 16

    def setup(self):
        self.encoder = nn.Dense(self.hidden)
        self.head = nn.Dense(1)
        self.plots_seen = self.variable("diagnostics", "plots_seen", lambda: jnp.zeros((), jnp.int32))

    def predict_season(self, plots):
        return self.head(nn.relu(self.encoder(plots)))[:, 0]

    def __call__(self, seasons):
        def body(total, plots):
            yields = self.predict_season(plots)
            self.plots_seen.value = self.plots_seen.value + plots.shape[0]
            return total + yields.sum(), yields

        total, per_season = jax.lax.scan(body, jnp.float32(0.0), seasons)
        return total, per_season


class RegionReport:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def summarize(self, seasons):
        total, per_season = self.model.apply(self.variables, seasons)
        return {"total": total, "best_season": jnp.argmax(per_season.sum(axis=1))}


def main():
    seasons = jax.random.uniform(jax.random.key(4), (5, 7, 11))
    model = YieldModel()
    variables = model.init(jax.random.key(0), seasons[0], method=YieldModel.predict_season)
    report = RegionReport(model, variables).summarize(seasons)
    print({k: float(v) for k, v in report.items()})
    return None
