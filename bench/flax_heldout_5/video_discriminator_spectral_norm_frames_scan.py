# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "layer_instance/kernel/u" in "/sn1" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 GAN frame discriminator wraps its Dense layers in nn.SpectralNorm; score_video() scans the frames with update_stats=True and is applied with method= but without mutable
"""Video GAN discriminator scoring each frame with a spectrally normalised MLP (nn.SpectralNorm
keeps its power-iteration vectors in the 'batch_stats' collection). score_video() walks over
the frames with jax.lax.scan; the caller forgot mutable=['batch_stats'] for the
power-iteration update."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class FrameDiscriminator(nn.Module):
    def setup(self):
        self.sn1 = nn.SpectralNorm(nn.Dense(16))
        self.sn2 = nn.SpectralNorm(nn.Dense(1))

    def __call__(self, frame, update_stats: bool = False):
        h = nn.leaky_relu(self.sn1(frame.reshape(frame.shape[0], -1), update_stats=update_stats), 0.2)
        return self.sn2(h, update_stats=update_stats)

    def score_video(self, video, update_stats: bool = True):
        # video: [time, batch, H, W]
        def score_frame(total, frame):
            logit = self(frame, update_stats=update_stats)
            return total + logit.mean(), logit

        total, logits = jax.lax.scan(score_frame, 0.0, video)
        return total / video.shape[0]


def main():
    disc = FrameDiscriminator()
    video = jax.random.normal(jax.random.PRNGKey(0), (4, 2, 5, 5))
    variables = disc.init(jax.random.PRNGKey(1), video[0])
    score = disc.apply(variables, video, method=FrameDiscriminator.score_video)
    assert score.shape == ()
    return None
