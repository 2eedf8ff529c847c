# label: ok
# flax-error: none
# class: 4 InspectionScheduler.adapter -> LowRankAdapter.drop (nnx.Dropout holding the "dropout" rng stream) -> called in the scan body after the scheduler switched the adapter to adapter.eval()
"""Semiconductor wafer defect inspection (NNX): a low-rank adapter over a frozen backbone, run per lot by a scheduler."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class DefectBackbone(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 16, kernel_size=(3, 3), strides=(2, 2), rngs=rngs)

    def __call__(self, wafers):
        return nnx.relu(self.conv(wafers)).mean(axis=(1, 2))


class LowRankAdapter(nnx.Module):
    def __init__(self, backbone, rank, rngs: nnx.Rngs):
        self.backbone = backbone
        self.down = nnx.Linear(16, rank, rngs=rngs)
        self.up = nnx.Linear(rank, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.cls = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, wafers):
        h = self.backbone(wafers)
        h = h + self.up(self.drop(self.down(h)))
        return nnx.sigmoid(self.cls(h))[..., 0]


class InspectionScheduler:
    def __init__(self, adapter):
        self.adapter = adapter
        self.adapter.eval()

    def run_shift(self, lots):
        def inspect(carry, lot):
            return carry, self.adapter(lot).mean()

        _, defect_rates = scan(inspect, None, lots)
        return defect_rates


def main():
    rngs = nnx.Rngs(params=0, dropout=1)
    adapter = LowRankAdapter(DefectBackbone(rngs), rank=4, rngs=rngs)
    lots = jax.random.normal(jax.random.key(6), (5, 3, 16, 16, 1))
    return InspectionScheduler(adapter).run_shift(lots)
