# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 scheduler holds model.bind(..., mutable=batch_stats); the bound module is called in a fori_loop body
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
        self.session = model.bind(variables, mutable=["batch_stats"])

    def run_season(self, fields_weather):
        n_fields = fields_weather.shape[0]

        def per_field(i, acc):
            return acc + self.session(fields_weather[i]).mean()

        total = lax.fori_loop(0, n_fields, per_field, jnp.zeros(()))
        return total / n_fields

    def running_mean(self):
        return self.session.variables["batch_stats"]["BatchNorm_0"]["mean"]


def main():
    model = YieldForecaster()
    weather = jnp.linspace(0.0, 1.0, 4 * 10 * 6).reshape(4, 10, 6)
    variables = model.init(jax.random.PRNGKey(1), weather[0])
    scheduler = FieldScheduler(model, variables)
    scheduler.run_season(weather)
    drift = jnp.abs(scheduler.running_mean()).sum()
    drift.block_until_ready()
    return None
