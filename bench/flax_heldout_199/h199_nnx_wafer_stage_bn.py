# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the model of the last InspectionStage in an InspectionPipeline's stage list, left in train mode, runs BatchNorm in the scan body
"""Wafer-lot defect scoring through a multi-stage inspection pipeline."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class DefectScorer(nnx.Module):
    def __init__(self, n_sites, hidden, *, rngs: nnx.Rngs):
        self.enc = nnx.Linear(n_sites, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, momentum=0.9, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, wafers):  # [wafers_per_lot, n_sites]
        return nnx.sigmoid(self.out(nnx.relu(self.norm(self.enc(wafers)))))[:, 0]


class InspectionStage:
    def __init__(self, name, model=None, threshold=0.5):
        self.name = name
        self.model = model
        self.threshold = threshold


class InspectionPipeline:
    def __init__(self, stages):
        self.stages = stages

    @property
    def scorer(self):
        return self.stages[-1]

    def score_lots(self, lots):
        stage = self.scorer

        def per_lot(yield_so_far, wafers):
            p_defect = stage.model(wafers)
            good = jnp.mean(p_defect < stage.threshold)
            return yield_so_far + good, good

        total, per_lot_yield = scan(per_lot, jnp.zeros(()), lots)
        return total / lots.shape[0], per_lot_yield


def main():
    lots = jax.random.normal(jax.random.key(0), (6, 25, 49))  # 6 lots x 25 wafers x 49 probe sites
    scorer = DefectScorer(49, 16, rngs=nnx.Rngs(0))
    pipeline = InspectionPipeline([InspectionStage("visual"), InspectionStage("probe", scorer, 0.4)])
    pipeline.score_lots(lots)
    return None
