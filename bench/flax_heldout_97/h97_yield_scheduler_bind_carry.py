# label: ok
# flax-error: none
# class: 3 scheduler keeps variables; fori_loop body applies with mutable batch_stats and carries them
"""Agricultural yield forecaster run per field by a scheduler."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class YieldForecaster(nn.Module):
    @nn.compact
    def __call__(self, weather):
        h = nn.Dense(12)(weather)
        h = nn.BatchNorm(use_running_average=False)(h)
        return nn.Dense(1)(nn.tanh(h))[..., 0]


class FieldScheduler:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def run_season(self, fields_weather):
        n_fields = fields_weather.shape[0]
        params = self.variables["params"]

        def per_field(i, carry):
            acc, stats = carry
            pred, upd = self.model.apply(
                {"params": params, "batch_stats": stats}, fields_weather[i], mutable=["batch_stats"]
            )
            return acc + pred.mean(), upd["batch_stats"]

        total, stats = lax.fori_loop(
            0, n_fields, per_field, (jnp.zeros(()), self.variables["batch_stats"])
        )
        self.variables = {"params": params, "batch_stats": stats}
        return total / n_fields

    def running_mean(self):
        return self.variables["batch_stats"]["BatchNorm_0"]["mean"]


def main():
    model = YieldForecaster()
    weather = jnp.linspace(0.0, 1.0, 4 * 10 * 6).reshape(4, 10, 6)
    variables = model.init(jax.random.PRNGKey(1), weather[0])
    scheduler = FieldScheduler(model, variables)
    scheduler.run_season(weather)
    drift = jnp.abs(scheduler.running_mean()).sum()
    drift.block_until_ready()
    return None
