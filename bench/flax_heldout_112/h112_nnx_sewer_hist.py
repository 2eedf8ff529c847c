# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the storm runner's scan body runs the flow model held by the runner and hands each step's flow to a list of callbacks; the peak recorder keeps them on self for its report
"""Combined sewer overflow warning: routes a rain storm through the flow model and lets
registered callbacks watch every 5-minute step (peak recorder, overflow counter)."""
import jax
import jax.numpy as jnp
from flax import nnx


class FlowModel(nnx.Module):
    def __init__(self, n_catchments, *, rngs):
        self.runoff = nnx.Linear(2 * n_catchments, 32, rngs=rngs)
        self.route = nnx.Linear(32, n_catchments, rngs=rngs)

    def __call__(self, rain, level):
        h = nnx.relu(self.runoff(jnp.concatenate([rain, level])))
        return nnx.softplus(self.route(h))  # m3/s per outfall


class Callback:
    def on_step(self, step, flow):
        pass

    def report(self):
        return {}


class PeakFlowRecorder(Callback):
    def __init__(self):
        self.flows = []

    def on_step(self, step, flow):
        self.flows.append(flow)

    def report(self):
        return {"peak_m3s": jnp.max(jnp.stack(self.flows))}


class StormRunner:
    def __init__(self, model, callbacks):
        self.model = model
        self.callbacks = list(callbacks)

    def run(self, rain_series, level0):
        def step(level, inp):
            t, rain = inp
            flow = self.model(rain, level)
            for cb in self.callbacks:
                cb.on_step(t, flow)
            return 0.8 * level + 0.2 * flow, None

        jax.lax.scan(step, level0, (jnp.arange(rain_series.shape[0]), rain_series))
        return {k: v for cb in self.callbacks for k, v in cb.report().items()}


def main():
    n_catchments = 4
    rain = jax.random.gamma(jax.random.key(0), 0.7, (24, n_catchments))  # 2 hours of 5-minute rain
    model = FlowModel(n_catchments, rngs=nnx.Rngs(0))
    runner = StormRunner(model, [PeakFlowRecorder()])
    report = runner.run(rain, jnp.zeros(n_catchments))
    float(report["peak_m3s"])
    return None
