# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body hands nnx.state of the merged model to HiveMonitor.checkpointer.save, whose history is restored with nnx.update after the loop
"""Beekeeping telemetry: a hive-weight model adapts to each day of scale readings; the monitor
checkpoints the model state as it goes and restores the latest checkpoint for the evening report."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class HiveNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.inp = nnx.Linear(4, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, readings):
        return self.out(nnx.relu(self.norm(self.inp(readings))))[..., 0]  # nectar flow (kg/day)


class Checkpointer:
    def __init__(self, keep: int = 3):
        self.keep, self.history = keep, []

    def save(self, state):
        self.history = (self.history + [state])[-self.keep:]

    def latest(self):
        return self.history[-1]


class HiveMonitor:
    def __init__(self, model: HiveNet):
        self.model = model
        self.checkpointer = Checkpointer()

    def ingest(self, days):
        graphdef, state = nnx.split(self.model)

        def body(state, day):
            model = nnx.merge(graphdef, state)
            flow = model(day).mean()
            state = nnx.state(model)
            self.checkpointer.save(state)
            return state, flow

        state, flows = lax.scan(body, state, days)
        nnx.update(self.model, state)
        return flows

    def restore_latest(self):
        nnx.update(self.model, self.checkpointer.latest())


def main():
    # weight delta, brood temperature, outside temperature, hour
    days = jax.random.normal(jax.random.PRNGKey(0), (7, 24, 4))
    monitor = HiveMonitor(HiveNet(nnx.Rngs(0)))
    monitor.ingest(days)
    monitor.restore_latest()
    monitor.model.eval()
    monitor.model(days[-1]).block_until_ready()
    return None
