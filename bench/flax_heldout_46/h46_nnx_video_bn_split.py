# label: ok
# flax-error: none
# class: 1 closure body inside the NNX __call__ merges graphdef+state from the lax.scan carry; state written back with nnx.update
"""NNX next-frame video predictor: per-frame encoder with BatchNorm feeding a recurrent core."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class FrameStep(nnx.Module):
    def __init__(self, in_ch: int, feat: int, *, rngs: nnx.Rngs):
        self.conv = nnx.Conv(in_ch, feat, (3, 3), rngs=rngs)
        self.bn = nnx.BatchNorm(feat, rngs=rngs)
        self.cell = nnx.GRUCell(feat, feat, rngs=rngs)
        self.head = nnx.Linear(feat, in_ch, rngs=rngs)

    def __call__(self, h, frame):
        z = nnx.relu(self.bn(self.conv(frame))).mean(axis=(1, 2))
        h, y = self.cell(h, z)
        return h, self.head(y)


class FramePredictor(nnx.Module):
    def __init__(self, in_ch: int, feat: int, *, rngs: nnx.Rngs):
        self.core = FrameStep(in_ch, feat, rngs=rngs)
        self.feat = feat

    def __call__(self, video):
        graphdef, state = nnx.split(self.core)

        def step(carry, frame):
            h, state = carry
            core = nnx.merge(graphdef, state)
            h, y = core(h, frame)
            return (h, nnx.state(core)), y

        h0 = jnp.zeros((video.shape[1], self.feat))
        (_, state), preds = lax.scan(step, (h0, state), video)
        nnx.update(self.core, state)
        return preds


def main():
    model = FramePredictor(3, 8, rngs=nnx.Rngs(0))
    model.train()
    video = jax.random.normal(jax.random.key(0), (5, 2, 8, 8, 3))
    model(video)
    model.eval()
    model(video)
    return None
