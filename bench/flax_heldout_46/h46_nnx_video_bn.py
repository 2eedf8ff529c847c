# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 closure body inside the NNX __call__ calls a BatchNorm submodule in training mode under lax.scan over frames
"""NNX next-frame video predictor: per-frame encoder with BatchNorm feeding a recurrent core."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class FramePredictor(nnx.Module):
    def __init__(self, in_ch: int, feat: int, *, rngs: nnx.Rngs):
        self.conv = nnx.Conv(in_ch, feat, (3, 3), rngs=rngs)
        self.bn = nnx.BatchNorm(feat, rngs=rngs)
        self.cell = nnx.GRUCell(feat, feat, rngs=rngs)
        self.head = nnx.Linear(feat, in_ch, rngs=rngs)
        self.feat = feat

    def __call__(self, video):
        # video: [T, B, H, W, C]
        def step(h, frame):
            z = nnx.relu(self.bn(self.conv(frame))).mean(axis=(1, 2))
            h, y = self.cell(h, z)
            return h, self.head(y)

        h0 = jnp.zeros((video.shape[1], self.feat))
        _, preds = lax.scan(step, h0, video)
        return preds


def main():
    model = FramePredictor(3, 8, rngs=nnx.Rngs(0))
    model.train()
    video = jax.random.normal(jax.random.key(0), (5, 2, 8, 8, 3))
    model(video)
    return None
