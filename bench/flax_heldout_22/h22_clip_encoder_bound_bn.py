# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 Trainer holds model.bind(variables, mutable=["batch_stats"]); the raw lax.scan body calls the bound method self._encode in train mode
# modelled on: google/flax#2295 Lost scope mutations after a transform on self and google/flax#932 Add HOWTO: Batch Normalization
"""Frame encoder for short video clips; batch statistics are refreshed clip by clip."""

import jax
import jax.numpy as jnp
from flax import linen as nn

FRAMES, BATCH, PIXELS, EMBED = 4, 3, 10, 6


class FrameEncoder(nn.Module):
    @nn.compact
    def __call__(self, frame, train: bool = False):
        x = nn.Dense(EMBED, name="proj")(frame)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.99, name="bn")(x)
        return nn.relu(x)


class Trainer:
    def __init__(self, model, variables):
        self.model = model
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def _encode(self, frame):
        return self.bound(frame, train=True)

    def embed_clip(self, clip):
        def body(pooled, frame):
            z = self._encode(frame)
            return pooled + z / clip.shape[0], z

        return jax.lax.scan(body, jnp.zeros((clip.shape[1], EMBED)), clip)

    def variables(self):
        _, variables = self.bound.unbind()
        return variables


def main():
    clip = jax.random.normal(jax.random.key(0), (FRAMES, BATCH, PIXELS))
    model = FrameEncoder()
    variables = model.init(jax.random.key(1), clip[0])
    trainer = Trainer(model, variables)
    pooled, per_frame = trainer.embed_clip(clip)
    new_vars = trainer.variables()
    running_var = new_vars["batch_stats"]["bn"]["var"] + 0.0
    print("pooled", pooled.shape, "running var", running_var)
    return None
