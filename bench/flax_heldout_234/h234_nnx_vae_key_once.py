# label: same-values
# flax-error: none
# class: 2 the enclosing function draws one key from the Rngs stream into a local; the scan body uses that local for the reparameterization noise
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class Encoder(nnx.Module):
    def __init__(self, in_dim, latent, rngs):
        self.hidden = nnx.Linear(in_dim, 32, rngs=rngs)
        self.loc = nnx.Linear(32, latent, rngs=rngs)
        self.scale = nnx.Linear(32, latent, rngs=rngs)

    def __call__(self, x):
        h = nnx.gelu(self.hidden(x))
        return self.loc(h), nnx.softplus(self.scale(h)) + 1e-4


class Decoder(nnx.Module):
    def __init__(self, latent, out_dim, rngs):
        self.net = nnx.Sequential(nnx.Linear(latent, 32, rngs=rngs), nnx.gelu, nnx.Linear(32, out_dim, rngs=rngs))

    def __call__(self, z):
        return nnx.sigmoid(self.net(z))


class VAE(nnx.Module):
    def __init__(self, in_dim, latent, rngs: nnx.Rngs):
        self.encoder = Encoder(in_dim, latent, rngs)
        self.decoder = Decoder(latent, in_dim, rngs)


def posterior_predictive(vae, x, rngs, num_samples=6):
    loc, scale = vae.encoder(x)
    key = rngs.sample()

    def draw(carry, _):
        z = loc + scale * jax.random.normal(key, loc.shape)
        return carry, vae.decoder(z)

    _, samples = lax.scan(draw, None, None, length=num_samples)
    return samples


def main():
    rngs = nnx.Rngs(params=0, sample=1)
    vae = VAE(10, 3, rngs)
    x = jax.random.bernoulli(jax.random.key(2), 0.4, (2, 10)).astype(jnp.float32)
    return posterior_predictive(vae, x, rngs)
