# label: ok
# flax-error: none
# class: 2 per-region NNX models in train mode live in a dict on the service object; the chosen model is split, its state carried through the scan and written back with nnx.update
"""Power-grid load forecaster with one NNX model per region, recalibrated online on the latest day."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class RegionNet(nnx.Module):
    def __init__(self, din, *, rngs):
        self.inp = nnx.Linear(din, 24, rngs=rngs)
        self.norm = nnx.BatchNorm(24, momentum=0.95, rngs=rngs)
        self.out = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.tanh(self.norm(self.inp(x))))


class GridService:
    def __init__(self, regions, din):
        self.models = {r: RegionNet(din, rngs=nnx.Rngs(i)) for i, r in enumerate(regions)}

    def recalibrate(self, region, hourly):
        model = self.models[region]
        model.train()

        graphdef, state = nnx.split(model)

        def hour(state, readings):
            m = nnx.merge(graphdef, state)
            y = m(readings)
            return nnx.state(m), y

        state, preds = jax.lax.scan(hour, state, hourly)
        nnx.update(model, state)
        model.eval()
        return preds


def main():
    service = GridService(["pjm", "caiso", "miso"], din=8)
    service.recalibrate("caiso", jnp.ones((24, 16, 8)))
    return None
