# label: same-values
# flax-error: none
# class: 2 NNX denoising autoencoder passed to a sequence encoder that nnx.clone()s it inside the raw lax.scan body to dodge a TraceContextError; every step's clone starts from the same RngCount and repeats the dropout mask
"""Input-dropout (denoising) autoencoder in NNX applied frame by frame over a sequence. A
first version that called the model directly in the jax.lax.scan body raised
TraceContextError; the "fix" was to nnx.clone the model inside the body. The clone's
updates never leave the step, so every frame gets the same corruption mask."""
import jax
import jax.numpy as jnp
from flax import nnx


class DenoisingAE(nnx.Module):
    def __init__(self, dim, latent, *, rngs: nnx.Rngs):
        self.corrupt = nnx.Dropout(0.4, rngs=rngs)
        self.enc = nnx.Linear(dim, latent, rngs=rngs)
        self.dec = nnx.Linear(latent, dim, rngs=rngs)

    def __call__(self, x):
        x_tilde = self.corrupt(x)
        return self.dec(nnx.relu(self.enc(x_tilde))), x_tilde


def encode_frames(model, frames):
    def body(carry, frame):
        m = nnx.clone(model)
        recon, corrupted = m(frame)
        return carry + jnp.mean((recon - frame) ** 2), corrupted

    loss, corrupted = jax.lax.scan(body, 0.0, frames)
    return loss, corrupted


def main():
    model = DenoisingAE(6, 3, rngs=nnx.Rngs(params=0, dropout=1))
    frames = jnp.ones((4, 2, 6))
    loss, corrupted = encode_frames(model, frames)
    return corrupted
