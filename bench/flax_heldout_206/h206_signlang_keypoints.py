# label: same-values
# flax-error: none
# class: 1 KeypointEncoder.__call__ scans over video frames itself and calls self.make_rng('augment') inside the scan body for keypoint dropout
"""Isolated-sign recognition from pose keypoints (hands + face landmarks per frame)."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

N_KEYPOINTS = 21 * 2 + 12
N_GLOSSES = 10


class KeypointEncoder(nn.Module):
    hidden: int = 32
    keep_prob: float = 0.8

    @nn.compact
    def __call__(self, frames, train: bool = True):
        # frames: [time, keypoints, 2]
        proj = nn.Dense(self.hidden, name="frame_proj")
        tokens = proj(frames.reshape(frames.shape[0], -1))

        def body(state, token):
            mask = jax.random.bernoulli(self.make_rng("augment"), self.keep_prob, (N_KEYPOINTS,))
            state = jnp.tanh(state + token * mask.mean())
            return state, mask

        state, masks = lax.scan(body, jnp.zeros(self.hidden), tokens)
        logits = nn.Dense(N_GLOSSES, name="gloss_head")(state)
        return logits, masks


def main():
    frames = jax.random.normal(jax.random.key(7), (12, N_KEYPOINTS, 2))
    model = KeypointEncoder()
    variables = model.init({"params": jax.random.key(0), "augment": jax.random.key(1)}, frames)
    logits, masks = model.apply(variables, frames, rngs={"augment": jax.random.key(2)})
    return masks.astype(jnp.float32)
