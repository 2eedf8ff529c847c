# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a pipeline's helper holds model.bind(variables); the while_loop body calls helper.forward, which runs the bound model with test-time norm adaptation
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
        self.bound = model.bind(variables)

    def forward(self, segment, adapt):
        return self.bound(segment, adapt=adapt)


class CorridorPipeline:
    def __init__(self, helper: ForecastHelper, adapt_online: bool = True, tolerance: float = 1e-3):
        self.helper = helper
        self.adapt_online = adapt_online
        self.tolerance = tolerance

    def run(self, segments):
        count = segments.shape[0]

        def cond(state):
            i, change, _ = state
            return (i < count) & (change > self.tolerance)

        def body(state):
            i, _, previous = state
            flow = self.helper.forward(segments[i], self.adapt_online)
            return i + 1, jnp.max(jnp.abs(flow - previous)), flow

        start = (0, jnp.float32(jnp.inf), jnp.zeros(segments.shape[1]))
        steps, change, flow = lax.while_loop(cond, body, start)
        return steps, flow


def main():
    segments = jax.random.normal(jax.random.key(8), (6, 10, 5))
    model = FlowForecaster()
    variables = model.init(jax.random.key(0), segments[0])
    steps, flow = CorridorPipeline(ForecastHelper(model, variables)).run(segments)
    print(int(steps), flow.shape)
    return None
