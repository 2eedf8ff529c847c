# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 VideoEncoder.__call__ runs jax.lax.scan over frames and its body calls self.encode_frame, whose BatchNorm writes batch_stats
"""Per-frame encoder with BatchNorm, recurrently pooled over a clip."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class VideoEncoder(nn.Module):
    features: int = 12

    def setup(self):
        self.proj = nn.Dense(self.features)
        self.norm = nn.BatchNorm(use_running_average=False, momentum=0.95)
        self.mix = nn.Dense(self.features)

    def encode_frame(self, frame):
        return nn.relu(self.norm(self.proj(frame)))

    def warmup(self, clip):
        # touch every submodule once on a single frame
        return self.mix(self.encode_frame(clip[0]))

    def __call__(self, clip):
        # clip: [time, batch, features_in]
        h0 = jnp.zeros((clip.shape[1], self.features))

        def body(h, frame):
            f = self.encode_frame(frame)
            h = jnp.tanh(f + h)
            return h, f

        h, _ = jax.lax.scan(body, h0, clip)
        return self.mix(h)


def main():
    model = VideoEncoder()
    clip = jax.random.normal(jax.random.PRNGKey(2), (9, 4, 6))
    # init outside the loop so no params get created inside the scan
    variables = model.init(jax.random.PRNGKey(0), clip, method=VideoEncoder.warmup)
    out = model.apply(variables, clip)
    print(out.shape)
    return None
