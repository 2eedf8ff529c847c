# label: ok
# flax-error: none
# class: 4 the storm runner's scan body runs the flow model held by the runner and returns each step's flow as a scan output; the list of callbacks sees the flows after the scan
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
            return 0.8 * level + 0.2 * flow, flow

        _, flows = jax.lax.scan(step, level0, (jnp.arange(rain_series.shape[0]), rain_series))
        for t in range(flows.shape[0]):
            for cb in self.callbacks:
                cb.on_step(t, flows[t])
        return {k: v for cb in self.callbacks for k, v in cb.report().items()}


def main():
    n_catchments = 4
    rain = jax.random.gamma(jax.random.key(0), 0.7, (24, n_catchments))  # 2 hours of 5-minute rain
    model = FlowModel(n_catchments, rngs=nnx.Rngs(0))
    runner = StormRunner(model, [PeakFlowRecorder()])
    report = runner.run(rain, jnp.zeros(n_catchments))
    float(report["peak_m3s"])
    return None
