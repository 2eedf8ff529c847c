# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 BatchNorm submodule (mutable batch_stats) called in a closure body that @nn.compact hands to lax.scan over frames
"""Next-frame video predictor: conv frame encoder with BatchNorm, recurrent core rolled over time."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class FrameEncoder(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, frame, train: bool):
        h = nn.Conv(self.features, (3, 3))(frame)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.relu(h).mean(axis=(1, 2))


class VideoPredictor(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, video, train: bool = True):
        # video: [T, B, H, W, C]
        encoder = FrameEncoder(self.features)
        cell = nn.GRUCell(self.features)
        h0 = cell.initialize_carry(jax.random.key(0), (video.shape[1], self.features))
        encoder(video[0], train)
        cell(h0, jnp.zeros((video.shape[1], self.features)))

        def step(h, frame):
            z = encoder(frame, train)
            h, y = cell(h, z)
            return h, y

        _, ys = lax.scan(step, h0, video)
        return nn.Dense(video.shape[-1])(ys)


def main():
    model = VideoPredictor()
    video = jax.random.normal(jax.random.key(0), (5, 2, 8, 8, 3))
    variables = model.init(jax.random.key(1), video, train=False)
    _, updates = model.apply(variables, video, train=True, mutable=["batch_stats"])
    variables = {"params": variables["params"], "batch_stats": updates["batch_stats"]}
    model.apply(variables, video, train=False)
    return None
