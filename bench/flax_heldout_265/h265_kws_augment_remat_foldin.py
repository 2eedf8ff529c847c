# label: ok
# flax-error: none
# class: 5 the augmentation step is wrapped in jax.checkpoint; one make_rng key drawn before the scan is folded with the frame index
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

remat = jax.checkpoint


class NoisyMelFrontend(nn.Module):
    n_mels: int
    noise_scale: float = 0.3

    @nn.compact
    def __call__(self, frames):
        gain = self.param("gain", nn.initializers.ones, (self.n_mels,))
        base_key = self.make_rng("augment")

        def augment(carry, indexed):
            t, frame = indexed
            noise = jax.random.normal(jax.random.fold_in(base_key, t), frame.shape)
            return carry, frame * gain + self.noise_scale * noise

        _, out = lax.scan(remat(augment), None, (jnp.arange(frames.shape[0]), frames))
        return out


class AugmentationPipeline:
    def __init__(self, n_mels, key):
        self.frontend = NoisyMelFrontend(n_mels)
        init_keys = {"params": key, "augment": jax.random.fold_in(key, 1)}
        self.params = self.frontend.init(init_keys, jnp.zeros((2, n_mels)))["params"]

    def views(self, frame, n_views, key):
        frames = jnp.broadcast_to(frame, (n_views,) + frame.shape)
        return self.frontend.apply({"params": self.params}, frames, rngs={"augment": key})


def main():
    pipeline = AugmentationPipeline(8, jax.random.key(0))
    frame = jnp.linspace(-1.0, 1.0, 8)
    return pipeline.views(frame, 5, jax.random.key(42))
