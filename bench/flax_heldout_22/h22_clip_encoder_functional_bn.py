# label: ok
# flax-error: none
# class: 3 Trainer method self._encode calls model.apply(mutable=["batch_stats"]) in the raw lax.scan body; batch_stats travel in the carry
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
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def _encode(self, batch_stats, frame):
        z, updates = self.model.apply(
            {"params": self.params, "batch_stats": batch_stats}, frame, train=True, mutable=["batch_stats"]
        )
        return z, updates["batch_stats"]

    def embed_clip(self, clip):
        def body(carry, frame):
            pooled, batch_stats = carry
            z, batch_stats = self._encode(batch_stats, frame)
            return (pooled + z / clip.shape[0], batch_stats), z

        init = (jnp.zeros((clip.shape[1], EMBED)), self.batch_stats)
        (pooled, self.batch_stats), per_frame = jax.lax.scan(body, init, clip)
        return pooled, per_frame

    def variables(self):
        return {"params": self.params, "batch_stats": self.batch_stats}


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
