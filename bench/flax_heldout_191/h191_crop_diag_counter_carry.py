# label: ok
# flax-error: none
# class: 1 the yield model's own __call__ runs the scan; the plot count travels in the carry and the diagnostics counter is written after the loop when mutable
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
        def body(carry, plots):
            total, seen = carry
            yields = self.predict_season(plots)
            return (total + yields.sum(), seen + plots.shape[0]), yields

        init = (jnp.float32(0.0), jnp.zeros((), jnp.int32))
        (total, seen), per_season = jax.lax.scan(body, init, seasons)
        if self.is_mutable_collection("diagnostics"):
            self.plots_seen.value = self.plots_seen.value + seen
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
