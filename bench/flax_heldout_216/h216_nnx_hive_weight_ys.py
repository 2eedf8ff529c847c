# label: ok
# flax-error: none
# class: 4 the scan body returns nnx.state of the merged model as ys; the last stacked state goes to HiveMonitor.checkpointer.save after the loop
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
            return state, (flow, state)

        state, (flows, snapshots) = lax.scan(body, state, days)
        self.checkpointer.save(jax.tree.map(lambda leaf: leaf[-1], snapshots))
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
