# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the denoising loop is a raw scan over the module method self.denoise_step, which sows the self-conditioning prediction with mutable=['intermediates']
"""Continuous diffusion language model (CDCD / Diffusion-LM style) sampler with self-conditioning."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Denoiser(nn.Module):
    vocab: int = 32
    dim: int = 16

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.dim)
        self.net = nn.Dense(self.dim)
        self.time_proj = nn.Dense(self.dim)

    def __call__(self, z, x_prev, t):
        h = self.net(jnp.concatenate([z, x_prev], -1)[..., : self.dim] + z) + self.time_proj(t[None])
        return self.embed.attend(h) @ self.embed.embedding  # predicted clean embedding

    def denoise_step(self, carry, t):
        z, x_prev = carry
        x0 = self(z, x_prev, t)
        self.sow("intermediates", "x0_pred", x0)
        z = z + 0.1 * (x0 - z)
        return (z, x0), None

    def sample(self, z):
        ts = jnp.linspace(1.0, 0.0, 8)
        (z, _), _ = jax.lax.scan(self.denoise_step, (z, jnp.zeros_like(z)), ts)
        return z


def main():
    model = Denoiser()
    z = jax.random.normal(jax.random.key(0), (5, 16))
    variables = model.init(jax.random.key(1), z, z, jnp.float32(1.0))
    z, state = model.apply(variables, z, method=Denoiser.sample, mutable=["intermediates"])
    preds = state["intermediates"]["x0_pred"]
    jnp.stack(preds).mean().block_until_ready()
