# label: ok
# flax-error: none
# class: 4 a pipeline's helper holds the model and its variables; the norm statistics enter the while_loop as carry and helper.forward returns the updated ones
"""Highway traffic-flow forecaster with test-time adaptation of its normalisation statistics."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class FlowForecaster(nn.Module):
    @nn.compact
    def __call__(self, sensors, adapt: bool = False):
        h = nn.Dense(12)(sensors)
        h = nn.BatchNorm(use_running_average=not adapt, momentum=0.8)(h)
        return nn.Dense(1)(jnp.tanh(h))[:, 0]


class ForecastHelper:
    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def forward(self, segment, batch_stats, adapt):
        flow, updates = self.model.apply(
            {"params": self.params, "batch_stats": batch_stats}, segment,
            adapt=adapt, mutable=["batch_stats"])
        return flow, updates["batch_stats"]


class CorridorPipeline:
    def __init__(self, helper: ForecastHelper, adapt_online: bool = True, tolerance: float = 1e-3):
        self.helper = helper
        self.adapt_online = adapt_online
        self.tolerance = tolerance

    def run(self, segments):
        count = segments.shape[0]

        def cond(state):
            i, change, _, _ = state
            return (i < count) & (change > self.tolerance)

        def body(state):
            i, _, previous, stats = state
            flow, stats = self.helper.forward(segments[i], stats, self.adapt_online)
            return i + 1, jnp.max(jnp.abs(flow - previous)), flow, stats

        start = (0, jnp.float32(jnp.inf), jnp.zeros(segments.shape[1]), self.helper.batch_stats)
        steps, change, flow, stats = lax.while_loop(cond, body, start)
        self.helper.batch_stats = stats
        return steps, flow


def main():
    segments = jax.random.normal(jax.random.key(8), (6, 10, 5))
    model = FlowForecaster()
    variables = model.init(jax.random.key(0), segments[0])
    steps, flow = CorridorPipeline(ForecastHelper(model, variables)).run(segments)
    print(int(steps), flow.shape)
    return None
