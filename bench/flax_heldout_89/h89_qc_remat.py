# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 batch statistics live on the calibrator object; a jax.checkpoint-wrapped fori_loop body applies a model built with nn.remat and writes the new stats onto the object
"""Factory-line quality control: re-estimate BatchNorm statistics on a new camera before a shift."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class SurfaceBlock(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        x = nn.Conv(self.features, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=False)(x)
        return nn.relu(x)


class SurfaceNet(nn.Module):
    @nn.compact
    def __call__(self, x):
        Block = nn.remat(SurfaceBlock)
        x = Block(8)(x)
        x = Block(8)(x)
        return jnp.mean(x, axis=(1, 2, 3))


class CameraCalibrator:
    def __init__(self, model, params, batch_stats):
        self.model = model
        self.params = params
        self.batch_stats = batch_stats

    def recalibrate(self, frames):
        @jax.checkpoint
        def body(i, acc):
            out, upd = self.model.apply({"params": self.params, "batch_stats": self.batch_stats},
                                        frames[i], mutable=["batch_stats"])
            self.batch_stats = upd["batch_stats"]
            return acc + jnp.mean(out)

        return jax.lax.fori_loop(0, frames.shape[0], body, jnp.float32(0.0))

    def snapshot(self):
        return jax.tree_util.tree_map(jnp.copy, self.batch_stats)


def main():
    model = SurfaceNet()
    frames = jax.random.uniform(jax.random.key(0), (4, 2, 12, 12, 1))
    variables = model.init(jax.random.key(1), frames[0])
    cal = CameraCalibrator(model, variables["params"], variables["batch_stats"])
    cal.recalibrate(frames)
    jax.block_until_ready(cal.snapshot())
    return None
