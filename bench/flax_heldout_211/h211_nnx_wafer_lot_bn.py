# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the inspector's self.model (BatchNorm still in training mode) scores each wafer inside the while_loop body
"""Semiconductor wafer defect maps: scan a lot wafer by wafer until one shows a scratch pattern."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

PATTERNS = ("none", "center", "edge_ring", "scratch")


class DefectMapEncoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 8, kernel_size=(3, 3), rngs=rngs)
        self.bn = nnx.BatchNorm(8, rngs=rngs)
        self.head = nnx.Linear(8, len(PATTERNS), rngs=rngs)

    def __call__(self, maps):
        h = nnx.relu(self.bn(self.conv(maps)))
        return self.head(h.mean(axis=(1, 2)))


class LotInspector:
    def __init__(self, model, threshold=0.3):
        self.model = model
        self.threshold = threshold

    def first_scratched_wafer(self, lot):
        # lot: (wafers, dies_batch, height, width, 1)
        n_wafers = lot.shape[0]

        def cond(state):
            i, found = state
            return (i < n_wafers) & (found < 0)

        def body(state):
            i, found = state
            scores = jax.nn.softmax(self.model(lot[i]))
            hit = scores[:, PATTERNS.index("scratch")].max() > self.threshold
            return i + 1, jnp.where(hit, i, found)

        _, found = lax.while_loop(cond, body, (0, -1))
        return found


def main():
    lot = jax.random.uniform(jax.random.key(4), (5, 2, 10, 10, 1))
    inspector = LotInspector(DefectMapEncoder(nnx.Rngs(0)))
    print(int(inspector.first_scratched_wafer(lot)))
    return None
