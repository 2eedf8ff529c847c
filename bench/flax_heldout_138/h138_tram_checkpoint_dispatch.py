# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_dispatch_step() wraps a mutable model.bind(...) from Dispatcher.predictor in jax.checkpoint and returns the scan step
"""Shift simulation for a tram dispatch centre.

A delay predictor (with batch statistics that track the current shift) is
rolled forward stop by stop; the step is rematerialised to keep memory flat
on long shifts. After the shift the dispatcher logs how the statistics moved.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class DelayPredictor(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, stop_features, train: bool = True):
        h = nn.Dense(self.hidden)(stop_features)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.softplus(nn.Dense(1)(nn.relu(h)))[..., 0]  # minutes late


def make_dispatch_step(predictor, headway: float):
    @jax.checkpoint
    def predict(stop_features):
        return predictor(stop_features, train=True)

    def step(stop_features, _):
        delay = predict(stop_features)
        shifted = stop_features.at[:, 0].add(headway * 0.01 * delay)
        return shifted, delay.mean()

    return step


class Dispatcher:
    def __init__(self, model: DelayPredictor, variables, headway: float = 0.5):
        self.predictor = model.bind(variables, mutable=["batch_stats"])
        self.headway = headway

    def run_shift(self, stop_features, n_stops: int):
        step = make_dispatch_step(self.predictor, self.headway)
        _, delays = jax.lax.scan(step, stop_features, None, length=n_stops)
        stats = self.predictor.variables["batch_stats"]
        shift_log = jax.tree.map(jnp.mean, stats)
        return delays, shift_log


def main():
    model = DelayPredictor()
    trams = jnp.linspace(-1.0, 1.0, 6 * 3).reshape(6, 3)  # 6 trams, 3 features each
    variables = model.init(jax.random.key(0), trams, train=False)
    Dispatcher(model, variables).run_shift(trams, n_stops=7)
    return None
