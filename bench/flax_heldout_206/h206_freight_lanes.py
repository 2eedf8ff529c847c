# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 LaneRateForecaster.__call__ runs the autoregressive scan itself; its rate_head submodule is first called inside the scan body, so init creates the head's params in the scan trace
"""Spot freight rate forecasting per trade lane (USD per FEU), autoregressive over weeks."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class LaneSpec:
    origin: str
    destination: str
    horizon_weeks: int = 8


class LaneRateForecaster(nn.Module):
    hidden: int = 24
    horizon: int = 8

    @nn.compact
    def __call__(self, history, lane_features):
        context = nn.Dense(self.hidden, name="history_enc")(history)
        context = context + nn.Dense(self.hidden, name="lane_enc")(lane_features)
        rate_head = nn.Dense(1, name="rate_head")
        mixer = self.param("mixer", nn.initializers.orthogonal(), (self.hidden + 1, self.hidden))

        def body(carry, _):
            h, last_rate = carry
            h = jnp.tanh(jnp.concatenate([h, last_rate]) @ mixer)
            rate = last_rate + rate_head(h)
            return (h, rate), rate[0]

        (_, _), path = jax.lax.scan(body, (context, history[-1:]), None, length=self.horizon)
        return path


def forecast(model, variables, history, lane_features):
    return model.apply(variables, history, lane_features)


def main():
    spec = LaneSpec("CNSHA", "NLRTM")
    model = LaneRateForecaster(horizon=spec.horizon_weeks)
    history = jnp.linspace(1.8, 2.3, 16)          # thousands of USD per FEU, weekly
    lane_features = jax.random.normal(jax.random.key(4), (6,))
    variables = model.init(jax.random.key(0), history, lane_features)
    path = forecast(model, variables, history, lane_features)
    path.block_until_ready()
    return None
